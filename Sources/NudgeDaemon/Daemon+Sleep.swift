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
            logger.info("\(reason.map { "keeping the computer from idle sleep: \($0)" } ?? "no longer keeping the computer from idle sleep")")
        } catch {
            guard !reportedSleepProblem else { return }
            reportedSleepProblem = true
            logger.warning("cannot keep the computer from idle sleep (\(error)); a suspended computer will not ring")
        }
    }
}
