import Foundation
import NudgeCore
import NudgeNotifier
import NudgeStore

/// What the desktop answered nudge's calls on its switch, and what follows from each.
extension DesktopQuieting {
    /// What the desktop answered a call on the switch, on its way to the loop (`.desktop`).
    enum Answer: Sendable {
        /// Asked to turn on for `span` (said to last until `until`): what the desktop answered.
        case turnedOn(DoNotDisturb.Source, span: String, until: String, outcome: QuietSwitchOutcome)
        /// Put back.
        case restored(DoNotDisturb.Source)
    }

    /// The desktop answered, `now`, with its Do Not Disturb as last heard.
    func answered(_ answer: Answer, at now: Date, state: DoNotDisturb) {
        switch answer {
        case .turnedOn(let source, let span, let until, let outcome):
            turnedOn(source, span: span, until: until, outcome: outcome, at: now)
        case .restored(let source): restored(source, state: state)
        }
    }

    /// The desktop answered: only a switch it turned on, or may have (a call it left
    /// unanswered), is said and kept as turned on, and put back at the end. One that failed is
    /// said as failed, left for the span (nothing to put back). Either is kept for `nudge
    /// doctor` until a switch is turned on again.
    func turnedOn(
        _ source: DoNotDisturb.Source, span: String, until: String, outcome: QuietSwitchOutcome, at now: Date
    ) {
        let failure: String
        switch outcome {
        case .turnedOn:
            logger.info(
                "turned the desktop's Do Not Disturb on (\(source)) until \(until)",
                metadata: ["event": "quiet_on", "switch": "\(source.switchName)"])
            do { try store.recordQuietFailure(nil) } catch { logger.error("\(error)") }
            return
        case .unanswered(let said):
            return unanswered(source, span: span, said: said, until: until, at: now)
        case .answeredLate(let wanted):
            return answeredLate(source, span: span, wanted: wanted, until: until)
        case .failed(let said): failure = said
        }
        if record?.span == span { asked = nil }
        do {
            try store.recordQuietFailure(Store.QuietFailure(at: now, change: source.switchName, reason: failure))
        } catch { logger.error("\(error)") }
        if record?.span == span, turnedOn == source {
            wentWithServer = nil
            decide(Store.QuietedDesktop(span: span, change: Store.QuietedDesktop.left), nil)
        }
        logger.error(
            "cannot turn the desktop's Do Not Disturb on (\(source)): \(failure); \(QuietSpan.spoken(key: span)) goes on with the desktop as it is",
            metadata: ["event": "quiet_failed", "switch": "\(source.switchName)"])
    }

    /// The desktop did not answer in time: it may still turn the switch on (Plasma inhibits
    /// after answering late), so it counts as on from the call on (what is due meanwhile is
    /// held: hostile round on issue 41 after B15, High 3), and is put back at the end: with
    /// the cookie of an answer that came late, else by closing the connection that asked.
    func unanswered(_ source: DoNotDisturb.Source, span: String, said: String, until: String, at now: Date) {
        unansweredSpan = span
        let reason = "\(said) (\(QuietSwitchOutcome.unansweredNote))"
        do {
            try store.recordQuietFailure(Store.QuietFailure(at: now, change: source.switchName, reason: reason))
        } catch { logger.error("\(error)") }
        logger.warning(
            "the desktop did not answer the call to turn Do Not Disturb on (\(source)): \(said); taken as on until \(until), and ended then",
            metadata: ["event": "quiet_unanswered", "switch": "\(source.switchName)"])
    }

    /// The answer to a call said unanswered came: it holds as any answer in time (put back
    /// with its cookie), or, when it came after its span ended, the desktop already ended what
    /// it made. Either way the call was answered: nothing for doctor to say (hostile round on
    /// issue 41: one ended at once kept doctor's "did not answer" warning for good).
    func answeredLate(_ source: DoNotDisturb.Source, span: String, wanted: Bool, until: String) {
        let name = QuietSpan.spoken(key: span)
        do { try store.recordQuietFailure(nil) } catch { logger.error("\(error)") }
        guard wanted else {
            return logger.info(
                "the desktop answered the call to turn Do Not Disturb on (\(source)) only after \(name) ended: what it turned on then was turned off at once",
                metadata: ["event": "quiet_late_ended", "switch": "\(source.switchName)"])
        }
        if unansweredSpan == span { unansweredSpan = nil }
        logger.info(
            "the desktop answered the call to turn Do Not Disturb on (\(source)) late: on until \(until)",
            metadata: ["event": "quiet_on", "switch": "\(source.switchName)"])
    }

    /// The switch was put back: the record goes, unless another span's decision replaced it
    /// meanwhile. One put back without its cookie and still on is `stray`.
    func restored(_ source: DoNotDisturb.Source, state: DoNotDisturb) {
        guard restoring == source else { return }
        restoring = nil
        if restoringBlind, state.sources.contains(source) {
            stray = source
            strayCheck.arm(after: Self.strayGrace)
        }
        restoringBlind = false
        guard record == nil else { return }
        do { try store.recordQuietedDesktop(nil) } catch { logger.error("\(error)") }
    }

    /// The server had its chance to end the inhibition nudge left the bus on: one still on is
    /// said now.
    func onStrayCheck() -> EventLoop.Next {
        if strayCheck.consume(), let stray {
            logger.warning(
                "the desktop is still inhibited after nudge left the bus with the connection that asked: nudge cannot end an inhibition whose answer never came; reminders are not held for it, and it ends when turned off on the desktop",
                metadata: ["event": "quiet_stray", "switch": "\(stray.switchName)"])
        }
        return .continue
    }
}
