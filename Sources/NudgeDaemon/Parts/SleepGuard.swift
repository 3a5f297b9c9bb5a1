import Foundation
import Logging
import NudgeCore
import NudgeSleep
import NudgeSystem

/// The computer's sleep: while a kind says something must ring (`KeepingAwakeRule`), logind is
/// asked to refuse idle suspend; as soon as nothing does, the inhibitor goes. A suspended
/// machine is resumed for the next alarm by the wake alarm, and a sleep that comes anyway is
/// held back until the person is warned.
final class SleepGuard {
    /// Held while something must ring (`keepAwake`): one refuses idle sleep, the other holds
    /// any sleep back until the person is warned.
    private let sleepInhibitor = SleepInhibitor()
    private let sleepDelay = SleepInhibitor(mode: "delay")
    /// logind's PrepareForSleep, from `watchLogind()` on; nil without logind.
    private var sleepWatch: SleepWatch?
    private var reportedSleepProblem = false
    /// What logind last said to a keep-awake call; nil before the first.
    private var keepAwakeState: AlarmWaking.KeepAwake?
    /// Armed for the next occurrence that rings as an alarm, so that a suspended machine resumes
    /// for it; why there is none (no CAP_WAKE_ALARM) when it could not be made.
    let wakeAlarm: Result<WakeTimer, DaemonError>
    /// The occurrence `wakeAlarm` is armed for.
    private(set) var wakeArmedFor: Occurrence?
    private var reportedWakeProblem = false
    /// Lets a sleep go once the warning's sound had its time, well before logind stops waiting.
    let warningSound: OneShotTimer
    /// From logind's PrepareForSleep(true) until its PrepareForSleep(false).
    private(set) var sleepAnnounced = false
    /// The alarm is being sent beyond this computer: the sleep waits for it too, within the limit.
    private var sendingAlarm = false
    /// The warning was shown and sounded: the sleep may go once the alarm is sent too.
    private var warned = false
    /// What the commands may read about this daemon (`DaemonLock.running`): whether it can wake
    /// the computer, and why it keeps it awake now.
    private var published: [String: String] {
        didSet { if published != oldValue { publish(published) } }
    }
    private let publish: ([String: String]) -> Void
    private let rtcWakeAlarm: String
    private let clock: DaemonClock
    private let events: EventQueue
    private let logger: Logger

    /// Publishes at once whether an alarm can wake the computer.
    init(
        rtcWakeAlarm: String, clock: DaemonClock, events: EventQueue, logger: Logger,
        publish: @escaping ([String: String]) -> Void
    ) throws(DaemonError) {
        wakeAlarm = Result { () throws(DaemonError) in try WakeTimer(wakesTheComputer: true) }
        warningSound = try OneShotTimer()
        self.rtcWakeAlarm = rtcWakeAlarm
        self.clock = clock
        self.events = events
        self.logger = logger
        self.publish = publish
        published = Self.waking(wakeAlarm, rtcWakeAlarm: rtcWakeAlarm, keepAwake: nil).status
        // Observers do not run in an initializer.
        publish(published)
    }

    /// Listens for logind's word of a sleep; without logind nothing comes.
    func watchLogind() {
        let events = events
        sleepWatch = try? SleepWatch { starting in events.push(.preparingForSleep(starting)) }
    }

    /// What the computer is kept awake for now; nil when nothing must ring.
    var keptAwakeFor: String? { sleepInhibitor.reason }

    /// Takes, changes or lets go of the inhibitor after a plan. Without logind (no system bus,
    /// or no login1 on it): one line per run, and everything else goes on.
    func keepAwake(input: ScheduleInput, clock wallClock: WallClock) {
        let reason = input.keepAwakeReason(now: clock.now(), clock: wallClock)
        defer { publishWaking(keepAwakeOn: input.settings.bool(.sleepKeepAwake)) }
        if keepAwakeState == nil, reason == nil {
            // Nothing to hold yet: whether logind would take it is asked once, so that the
            // verdict on waking is true before the night's dose 1.
            do {
                try sleepInhibitor.checkLogind()
                keepAwakeState = .held
            } catch { keepAwakeState = .unavailable("\(error)") }
        }
        // Between logind's word of a sleep and the resume the delay is only let go: one taken
        // again would hold the sleep back, one let go early would cut the warning's sound.
        let delayReason = sleepAnnounced ? sleepDelay.reason : reason.map { "to warn before sleep: \($0)" }
        guard reason != sleepInhibitor.reason || delayReason != sleepDelay.reason else { return }
        do {
            let changed = reason != sleepInhibitor.reason
            try sleepInhibitor.hold(reason)
            // Let go before a sleep, taken again after it.
            try sleepDelay.hold(delayReason)
            published["keeping_awake"] = reason ?? ""
            keepAwakeState = .held
            if changed {
                logger.info(
                    "\(reason.map { "keeping the computer from idle sleep: \($0)" } ?? "no longer keeping the computer from idle sleep")",
                    metadata: [
                        "event": "keep_awake", "held": reason == nil ? "no" : "yes", "reason": "\(reason ?? "")",
                    ])
            }
        } catch {
            keepAwakeState = .unavailable("\(error)")
            guard !reportedSleepProblem else { return }
            reportedSleepProblem = true
            logger.warning("cannot keep the computer from idle sleep (\(error)); idle sleep is not held off")
        }
    }

    /// Arms the wake alarm for the next occurrence that rings as an alarm, or disarms it. Where
    /// it could not be made, the reason is said once, at the first alarm it would have woken for.
    func armWakeAlarm(input: ScheduleInput, clock wallClock: WallClock) {
        let next = input.nextWakingOccurrence(after: clock.now(), clock: wallClock)
        guard next?.key != wakeArmedFor?.key || next?.dueAt != wakeArmedFor?.dueAt else { return }
        switch wakeAlarm {
        case .success(let timer):
            do {
                try timer.arm(at: next.map { clock.realInstant(for: $0.dueAt) })
                wakeArmedFor = next
                if let next {
                    let waking = alarmWaking(keepAwakeOn: input.settings.bool(.sleepKeepAwake))
                    logger.info(
                        waking.canWake
                            ? "the computer wakes for \(next.key) at \(Timestamp.format(next.dueAt)) if it is asleep"
                            : "the wake alarm is armed for \(next.key) at \(Timestamp.format(next.dueAt)), but it cannot wake the computer: \(waking.published.dropFirst(4))"
                    )
                }
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

    /// The machine resumed for an alarm (or was awake at its instant): nothing is armed now.
    func wakeAlarmFired(_ wake: WakeTimer) -> Bool {
        guard wake.consume() != .nothing else { return false }
        wakeArmedFor = nil
        return true
    }

    /// logind said the machine is about to sleep.
    func sleepIsAnnounced() { sleepAnnounced = true }

    /// Holds the sleep back until the warning's sound ended or had four fifths of the time
    /// logind waits (`SleepWarning.soundLimit`); returns that time.
    func holdForWarningSound() -> TimeInterval {
        let limit = SleepWarning.soundLimit(logindWaits: sleepDelay.delayLimit())
        warningSound.arm(after: limit)
        return limit
    }

    /// Holds the sleep back while the alarm is sent beyond this computer (its command runs), at
    /// most as long as a warning's sound.
    func holdWhileSendingAlarm() {
        guard sleepAnnounced, sleepDelay.reason != nil else { return }
        sendingAlarm = true
        warningSound.arm(after: SleepWarning.soundLimit(logindWaits: sleepDelay.delayLimit()))
    }

    /// The alarm was sent (or its command ended otherwise): the sleep goes when nothing else holds it.
    func alarmSent() {
        guard sendingAlarm else { return }
        sendingAlarm = false
        if warned { letSleepGo(because: "the alarm was sent beyond this computer") }
    }

    /// Lets go of the delay inhibitor, once per sleep: logind then suspends. While the alarm is
    /// being sent it waits for that, unless `timeIsUp`.
    func letSleepGo(because why: String, timeIsUp: Bool = false) {
        guard sleepAnnounced, sleepDelay.reason != nil else { return }
        warned = true
        guard !sendingAlarm || timeIsUp else { return }
        warningSound.disarm()
        do { try sleepDelay.hold(nil) } catch { logger.error("\(error)") }
        logger.notice("letting the sleep go: \(why)", metadata: ["event": "sleep_let_go", "why": "\(why)"])
    }

    /// The computer resumed (or the sleep was called off): the delay is taken again by the plan.
    func resumed() {
        sleepAnnounced = false
        sendingAlarm = false
        warned = false
        warningSound.disarm()
    }

    /// Whether an alarm can wake the computer now: what the log, the warning before sleep and
    /// every reader of the published status go by.
    func alarmWaking(keepAwakeOn: Bool) -> AlarmWaking {
        Self.waking(wakeAlarm, rtcWakeAlarm: rtcWakeAlarm, keepAwake: keepAwakeOn ? keepAwakeState : .off)
    }

    private func publishWaking(keepAwakeOn: Bool) {
        published.merge(alarmWaking(keepAwakeOn: keepAwakeOn).status) { $1 }
    }

    /// Before logind was first asked, it is not counted on.
    static func waking(
        _ wakeAlarm: Result<WakeTimer, DaemonError>, rtcWakeAlarm: String, keepAwake: AlarmWaking.KeepAwake?
    ) -> AlarmWaking {
        var problem: String?
        if case .failure(let error) = wakeAlarm { problem = "\(error)" }
        return AlarmWaking(
            wakeTimer: problem, rtcWakeAlarm: rtcWakeAlarm,
            rtcPresent: FileManager.default.fileExists(atPath: rtcWakeAlarm),
            keepAwake: keepAwake ?? .unavailable("logind not asked yet"))
    }
}
