import Foundation
import NudgeCore
import NudgeSleep

/// The computer's sleep: while a kind says something must ring (`KeepingAwakeRule`), logind is
/// asked to refuse idle suspend; as soon as nothing does, the inhibitor goes.
extension Daemon {
    /// Takes, changes or lets go of the inhibitor after a plan. Without logind (no system bus,
    /// or no login1 on it): one line per run, and everything else goes on.
    func keepAwake(input: ScheduleInput) {
        let reason = input.keepAwakeReason(now: configuration.clock.now(), clock: WallClock(zone: timeZone))
        guard reason != sleepInhibitor.reason else { return }
        do {
            try sleepInhibitor.hold(reason)
            published["keeping_awake"] = reason ?? ""
            logger.info("\(reason.map { "keeping the computer from idle sleep: \($0)" } ?? "no longer keeping the computer from idle sleep")")
        } catch {
            guard !reportedSleepProblem else { return }
            reportedSleepProblem = true
            logger.warning("cannot keep the computer from idle sleep (\(error)); idle sleep is not held off")
        }
    }

    /// Arms the wake alarm for the next occurrence that rings as an alarm, or disarms it. Where
    /// it could not be made, the reason is said once, at the first alarm it would have woken for.
    func armWakeAlarm(input: ScheduleInput) {
        let next = input.nextWakingOccurrence(after: configuration.clock.now(), clock: WallClock(zone: timeZone))
        guard next?.key != wakeArmedFor?.key || next?.dueAt != wakeArmedFor?.dueAt else { return }
        switch wakeAlarm {
        case .success(let timer):
            do {
                try timer.arm(at: next.map { configuration.clock.realInstant(for: $0.dueAt) })
                wakeArmedFor = next
                if let next { logger.info("the computer wakes for \(next.key) at \(Timestamp.format(next.dueAt)) if it is asleep") }
            } catch {
                logger.error("\(error)")
            }
        case .failure(let error):
            wakeArmedFor = next
            guard next != nil, !reportedWakeProblem else { return }
            reportedWakeProblem = true
            logger.warning("cannot wake a suspended computer for the alarm (\(error)); it is only kept from idle sleep")
        }
    }
}
