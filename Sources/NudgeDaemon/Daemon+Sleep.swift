import Foundation
import NudgeCore
import NudgeSleep

/// The computer's sleep: while a kind says something must ring (`KeepingAwakeRule`), logind is
/// asked to refuse idle suspend; as soon as nothing does, the inhibitor goes.
extension Daemon {
    /// Takes, changes or lets go of the inhibitor after a plan. Without logind (no system bus,
    /// or no login1 on it): one line per run, and everything else goes on.
    func keepAwake(input: ScheduleInput) {
        let reason = input.keepAwakeReason(now: configuration.clock.now(), clock: wallClock)
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
    func armWakeAlarm(input: ScheduleInput) {
        let next = input.nextWakingOccurrence(after: configuration.clock.now(), clock: wallClock)
        guard next?.key != wakeArmedFor?.key || next?.dueAt != wakeArmedFor?.dueAt else { return }
        switch wakeAlarm {
        case .success(let timer):
            do {
                try timer.arm(at: next.map { configuration.clock.realInstant(for: $0.dueAt) })
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

    /// The machine is about to sleep anyway (by hand, or the lid) while something must ring:
    /// say whether it will wake itself for the alarm, or, with the alarm's sound, that it will
    /// not ring; then let the sleep go: at once when nothing sounds, else when the sound ended
    /// or had four fifths of the time logind waits (`SleepWarning.soundLimit`).
    func warnBeforeSleep() {
        sleepAnnounced = true
        stopAmbience(because: "the computer is going to sleep")
        guard let reason = sleepInhibitor.reason else { return letSleepGo(because: "nothing must ring") }
        let clock = wallClock
        let keepAwakeOn = (try? store.settings())?.bool(.sleepKeepAwake) ?? true
        let wakes = alarmWaking(keepAwakeOn: keepAwakeOn).canWake ? wakeArmedFor : nil
        let warning = SleepWarning.content(reason: reason, wakesAt: wakes.map { clock.timeOfDay($0.dueAt) })
        let (voiced, playback) = voiced(warning, settings: (try? store.settings()) ?? Settings())
        let logger = logger
        notifier.show(voiced, replacing: nil) { result in
            if case .failure(let error) = result { logger.error("cannot warn before sleep: \(error)") }
        }
        logger.notice(
            "the computer is going to sleep: \(wakes == nil ? "warned that \(reason) will not ring" : "it wakes itself for the alarm")"
        )
        guard case .once(let source) = playback else { return letSleepGo(because: "nothing to sound") }
        let limit = SleepWarning.soundLimit(logindWaits: sleepDelay.delayLimit())
        sleepWarningSound.arm(after: limit)
        let events = events
        player.play(source) { events.push(.sleepWarningSounded) }
        logger.info("sounding the warning for at most \(String(format: "%.1f", limit)) s before the sleep")
    }

    /// Lets go of the delay inhibitor, once per sleep: logind then suspends.
    func letSleepGo(because why: String) {
        guard sleepAnnounced, sleepDelay.reason != nil else { return }
        sleepWarningSound.disarm()
        do { try sleepDelay.hold(nil) } catch { logger.error("\(error)") }
        logger.notice("letting the sleep go: \(why)", metadata: ["event": "sleep_let_go", "why": "\(why)"])
    }

    /// The computer resumed (or the sleep was called off): the delay is taken again by the plan.
    func resumedFromSleep() {
        sleepAnnounced = false
        sleepWarningSound.disarm()
        reconcile(because: "resumed")
    }

    /// A ringing alarm (after a wake for it, or with the person at the computer) is not silenced
    /// by closing the lid: logind's lid switch is held until the ringing stops.
    func holdLidWhileRinging() {
        do {
            try lidInhibitor.hold(ringing == nil ? nil : "an alarm rings until it is answered")
            logger.info(
                ringing == nil
                    ? "the lid switch suspends again" : "a closed lid does not suspend while the alarm rings",
                metadata: ["event": "lid", "held": ringing == nil ? "no" : "yes"])
        } catch {
            logger.debug("lid switch: \(error)")
        }
    }

    /// Whether an alarm can wake the computer now: what the log, the warning before sleep and
    /// every reader of the published status go by.
    func alarmWaking(keepAwakeOn: Bool) -> AlarmWaking {
        Self.waking(wakeAlarm, rtcWakeAlarm: configuration.rtcWakeAlarm, keepAwake: keepAwakeOn ? keepAwakeState : .off)
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
