import Foundation
import NudgeCore

/// The computer's sleep, as the parts meet in it (`SleepGuard` holds the inhibitors).
extension Daemon {
    /// The machine is about to sleep anyway (by hand, or the lid) while something must ring:
    /// say whether it will wake itself for the alarm, or, with the alarm's sound, that it will
    /// not ring; then let the sleep go: at once when nothing sounds, else when the sound ended
    /// or had four fifths of the time logind waits (`SleepWarning.soundLimit`).
    func warnBeforeSleep() {
        sleepGuard.sleepIsAnnounced()
        ambience.stop(because: "the computer is going to sleep")
        followQuiet(nil, now: configuration.clock.now())
        escalateBeforeSleep()
        guard let reason = sleepGuard.keptAwakeFor else {
            return sleepGuard.letSleepGo(because: "nothing must ring")
        }
        let clock = wallClock
        let keepAwakeOn = (try? store.settings())?.bool(.sleepKeepAwake) ?? true
        let wakes = sleepGuard.alarmWaking(keepAwakeOn: keepAwakeOn).canWake ? sleepGuard.wakeArmedFor : nil
        let settings = (try? store.settings()) ?? Settings()
        // Not tracked to be reworded on unlock: on a locked screen it says an alarm, not which.
        let warning = SleepWarning.content(
            reason: server.screen.hidesPrivateText(settings) ? nil : reason,
            wakesAt: wakes.map { clock.timeOfDay($0.dueAt) })
        let (voiced, playback) = ringer.voiced(warning, settings: settings, for: server.notifier)
        let logger = logger
        server.notifier.show(voiced, replacing: nil) { result in
            if case .failure(let error) = result { logger.error("cannot warn before sleep: \(error)") }
        }
        logger.notice(
            "the computer is going to sleep: \(wakes == nil ? "warned that \(reason) will not ring" : "it wakes itself for the alarm")"
        )
        guard case .once(let source) = playback else {
            return sleepGuard.letSleepGo(because: "nothing to sound")
        }
        let limit = sleepGuard.holdForWarningSound()
        let events = events
        ringer.play(source) { events.push(.sleepWarningSounded) }
        logger.info("sounding the warning for at most \(String(format: "%.1f", limit)) s before the sleep")
    }

    /// The alarm pending as the computer sleeps anyway is sent beyond it now, with the instant
    /// it rings; the sleep waits for its command within the warning's limit (a command still
    /// running then goes on after the resume, to its own deadline).
    private func escalateBeforeSleep() {
        do {
            let now = configuration.clock.now()
            let input = try scheduleInput(at: now, clock: wallClock)
            show(
                escalator.escalateBeforeSleep(
                    input.pendingEscalation(now: now, clock: wallClock),
                    command: input.settings.arguments(.alarmEscalateCommand), now: now))
            if escalator.endDescriptor >= 0 { sleepGuard.holdWhileSendingAlarm() }
        } catch {
            logger.error("\(error)")
        }
    }

    /// The computer resumed (or the sleep was called off): the delay is taken again by the plan.
    func resumedFromSleep() {
        sleepGuard.resumed()
        reconcile(because: "resumed")
    }
}
