import Foundation
import Logging
import NudgeCore
import NudgeNotifier
import NudgeStore

/// A span that wants the desktop quiet (``QuietingRule``: a meditation): Do Not Disturb is
/// turned on at its start by the desktop's own switch and put back at its end, at a sleep, or
/// at the daemon's end. Decided once per span: the person's own Do Not Disturb, on at its
/// start, is left alone, and once they turn nudge's off it stays off. What was changed is in
/// the store before the desktop is (`Store.QuietedDesktop`), so that the next daemon puts
/// back what a killed one left, once.
final class DesktopQuieting {
    private let store: Store
    private let events: EventQueue
    private let logger: Logger
    /// The decision for the span, as the store has it.
    private var record: Store.QuietedDesktop?
    /// Whether `record` came from a daemon before this one, not yet looked at.
    private var inherited = false
    /// The switch nudge turned on was seen on since: its going off is then the person's doing.
    private var seenOn = false
    /// The switch being turned back off: no longer the desktop's Do Not Disturb for nudge.
    private(set) var restoring: DoNotDisturb.Source?
    /// The server's switch nudge turned on went with its server during the span (a restarted
    /// dunst comes back unpaused): still the desktop's Do Not Disturb for nudge, and asked for
    /// again from the server that comes back (`askAgain`).
    private var wentWithServer: DoNotDisturb.Source?
    /// A server came back while `wentWithServer`: the next `follow` asks it again.
    private var askAgain = false
    /// The server last heard of (`DoNotDisturb.server`).
    private var server: Int?
    /// The switch nudge asked to turn on, from the call until the desktop is heard with it on
    /// or refuses: counted on meanwhile, so that what holds is held from the moment nudge asks
    /// (hostile round on issue 41: Plasma answering its Inhibit 3 s late let reminders through).
    private var asked: DoNotDisturb.Source?
    /// The span whose call to turn the switch on went unanswered: put back without its cookie.
    private var unansweredSpan: String?
    /// Being put back without its cookie (by leaving the bus): `stray` if it stays on.
    private var restoringBlind = false
    /// An inhibition nudge asked for unanswered, still on after nudge left the bus (a server
    /// that keeps a gone connection's inhibitions): not counted until it ends, so that nothing
    /// is held for what nudge started and could not end.
    private var stray: DoNotDisturb.Source?
    /// Fires `strayGrace` after nudge left the bus with an unanswered inhibition still on as
    /// last heard: the server says it ended (PropertiesChanged) after nudge's own call returns,
    /// so only one still on then is said to stay (hostile round on issue 41: a false warning
    /// at the end bell, 2 of 2 runs).
    let strayCheck: OneShotTimer
    static let strayGrace: TimeInterval = 3

    /// What the desktop answered a call on the switch, on its way to the loop (`.desktop`).
    enum Answer: Sendable {
        /// Asked to turn on for `span` (said to last until `until`): what the desktop answered.
        case turnedOn(DoNotDisturb.Source, span: String, until: String, outcome: QuietSwitchOutcome)
        /// Put back.
        case restored(DoNotDisturb.Source)
    }

    init(store: Store, events: EventQueue, logger: Logger) throws(DaemonError) {
        strayCheck = try OneShotTimer()
        self.store = store
        self.events = events
        self.logger = logger
    }

    /// The switch nudge turned on and has not begun to put back.
    private var turnedOn: DoNotDisturb.Source? { record.flatMap { DoNotDisturb.Source(switchName: $0.change) } }

    /// Reads what a daemon before this one recorded.
    func load() {
        do { record = try store.quietedDesktop() } catch { logger.error("\(error)") }
        inherited = record != nil
    }

    /// The desktop's Do Not Disturb as nudge counts it: without the switch it is putting back,
    /// with the one that went with a restarted server until it is asked again.
    func counted(_ state: DoNotDisturb) -> DoNotDisturb {
        var sources = state.sources.subtracting([restoring, stray].compactMap { $0 })
        for source in [wentWithServer, asked].compactMap({ $0 }) { sources.insert(source) }
        return DoNotDisturb(sources: sources, server: state.server)
    }

    /// Brings the desktop in line with the span that holds now (nil: none, or a sleep comes).
    func follow(_ wanted: QuietSpan?, state: DoNotDisturb, watch: DoNotDisturbWatch?, clock: WallClock) {
        if let record, record.span != wanted?.key {
            putBack(watch: watch, because: wanted == nil ? "its span ended" : "another span began")
        }
        if let record, inherited {
            inherited = false
            if let source = turnedOn {
                takeOver(record, source: source, state: state, watch: watch, clock: clock, until: wanted?.until)
            }
        }
        if askAgain, let source = wentWithServer, let wanted, record?.span == wanted.key, let watch {
            askAgain = false
            guard watch.quietSwitch == source else {
                wentWithServer = nil
                return leave(wanted.key, "the notification server came back without \(source): left as it is")
            }
            seenOn = false
            turnOn(source, for: wanted.key, watch: watch, clock: clock, until: wanted.until)
        }
        guard let wanted, record == nil, let watch else { return }
        let counted = counted(state)
        guard !counted.isOn else {
            return leave(wanted.key, "Do Not Disturb was on already (\(counted)): left as it is")
        }
        guard let source = watch.quietSwitch else {
            return leave(wanted.key, "nothing here can turn the desktop's Do Not Disturb on")
        }
        // Recorded first: a daemon killed once the desktop changed leaves the next one to put it back.
        guard decide(Store.QuietedDesktop(span: wanted.key, change: source.switchName), nil) else { return }
        seenOn = false
        turnOn(source, for: wanted.key, watch: watch, clock: clock, until: wanted.until)
    }

    /// The desktop's Do Not Disturb changed: the switch nudge turned on, seen on and now off,
    /// was turned off by the person, and is not turned on again for the span; one that went
    /// with its server is asked for again from the next server. True when a plan should ask it
    /// (`follow`).
    func heard(_ state: DoNotDisturb) -> Bool {
        let cameBack = state.server != nil && state.server != server
        server = state.server
        if let stray, !state.sources.contains(stray) { self.stray = nil }
        guard let source = turnedOn, let record else { return false }
        if state.sources.contains(source) {
            seenOn = true
            asked = nil
            wentWithServer = nil
        } else if source != .gnome, seenOn || wentWithServer != nil,
            state.server == nil || wentWithServer != nil || cameBack
        {
            if wentWithServer == nil {
                logger.info(
                    "the notification server left during \(record.span) with Do Not Disturb (\(source)): still counted on, and asked again of the server that comes back",
                    metadata: ["event": "quiet_server_left", "switch": "\(source.switchName)"])
            }
            wentWithServer = source
            askAgain = askAgain || cameBack
            return cameBack
        } else if seenOn {
            leave(record.span, "Do Not Disturb was turned off during \(record.span): left off")
        }
        return false
    }

    /// The desktop answered, `now`, with its Do Not Disturb as last heard.
    func answered(_ answer: Answer, at now: Date, state: DoNotDisturb) {
        switch answer {
        case .turnedOn(let source, let span, let until, let outcome):
            turnedOn(source, span: span, until: until, outcome: outcome, at: now)
        case .restored(let source): restored(source, state: state)
        }
    }

    /// The switch was put back: the record goes, unless another span's decision replaced it
    /// meanwhile. One put back without its cookie and still on is `stray`.
    private func restored(_ source: DoNotDisturb.Source, state: DoNotDisturb) {
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

    /// The daemon stops: what it turned on is put back now (nothing would later), waiting for
    /// the desktop at most a server's call timeout.
    func stop(watch: DoNotDisturbWatch?) {
        guard let source = restoring ?? turnedOn, let watch else { return }
        if let failure = watch.turnOffNow(source) {
            logger.error("cannot put the desktop's Do Not Disturb back: \(failure)")
        }
        restoring = nil
        record = nil
        logger.info(
            "put the desktop's Do Not Disturb back (\(source)): the daemon stops",
            metadata: ["event": "quiet_restored", "switch": "\(source.switchName)"])
        do { try store.recordQuietedDesktop(nil) } catch { logger.error("\(error)") }
    }

    /// A previous daemon's switch for the span that holds now: kept when still on (Plasma's
    /// inhibition died with that daemon's connection: asked for again), left off when the
    /// person turned it off meanwhile.
    private func takeOver(
        _ record: Store.QuietedDesktop, source: DoNotDisturb.Source, state: DoNotDisturb, watch: DoNotDisturbWatch?,
        clock: WallClock, until: Date?
    ) {
        if source == .inhibited, let watch, let until {
            return turnOn(source, for: record.span, watch: watch, clock: clock, until: until)
        }
        guard state.sources.contains(source) else {
            return leave(
                record.span, "Do Not Disturb was turned off during \(record.span) while no daemon ran: left off")
        }
        seenOn = true
    }

    /// Asks the desktop; what it answers comes back to the loop (`turnedOn`).
    private func turnOn(
        _ source: DoNotDisturb.Source, for span: String, watch: DoNotDisturbWatch, clock: WallClock, until: Date
    ) {
        asked = source
        let events = events
        let time = clock.timeOfDay(until)
        watch.turnOn(source, reason: "quiet until \(time)") { outcome in
            events.push(.desktop(.turnedOn(source, span: span, until: time, outcome: outcome)))
        }
    }

    /// The desktop answered: only a switch it turned on, or may have (a call it left
    /// unanswered), is said and kept as turned on, and put back at the end. One that failed is
    /// said as failed, left for the span (nothing to put back). Either is kept for `nudge
    /// doctor` until a switch is turned on again.
    private func turnedOn(
        _ source: DoNotDisturb.Source, span: String, until: String, outcome: QuietSwitchOutcome, at now: Date
    ) {
        let failure: String
        if outcome != .turnedOn, record?.span == span { asked = nil }
        switch outcome {
        case .turnedOn:
            logger.info(
                "turned the desktop's Do Not Disturb on (\(source)) until \(until)",
                metadata: ["event": "quiet_on", "switch": "\(source.switchName)"])
            do { try store.recordQuietFailure(nil) } catch { logger.error("\(error)") }
            return
        case .unanswered(let said):
            return unanswered(source, span: span, said: said, until: until, at: now)
        case .failed(let said): failure = said
        }
        do {
            try store.recordQuietFailure(Store.QuietFailure(at: now, change: source.switchName, reason: failure))
        } catch { logger.error("\(error)") }
        if record?.span == span, turnedOn == source {
            wentWithServer = nil
            decide(Store.QuietedDesktop(span: span, change: Store.QuietedDesktop.left), nil)
        }
        logger.error(
            "cannot turn the desktop's Do Not Disturb on (\(source)): \(failure); \(span) goes on with the desktop as it is",
            metadata: ["event": "quiet_failed", "switch": "\(source.switchName)"])
    }

    /// The desktop did not answer in time: it may still turn the switch on (Plasma inhibits
    /// after answering late), so it counts as on and is put back at the end, where closing the
    /// connection that asked ends an inhibition whose cookie never came.
    private func unanswered(_ source: DoNotDisturb.Source, span: String, said: String, until: String, at now: Date) {
        unansweredSpan = span
        let reason = "\(said) (\(QuietSwitchOutcome.unansweredNote))"
        do {
            try store.recordQuietFailure(Store.QuietFailure(at: now, change: source.switchName, reason: reason))
        } catch { logger.error("\(error)") }
        logger.warning(
            "the desktop did not answer the call to turn Do Not Disturb on (\(source)): \(said); taken as on until \(until), and ended then by leaving the bus with the connection that asked",
            metadata: ["event": "quiet_unanswered", "switch": "\(source.switchName)"])
    }

    private func putBack(watch: DoNotDisturbWatch?, because reason: String) {
        let source = turnedOn
        restoringBlind = source == .inhibited && unansweredSpan != nil && unansweredSpan == record?.span
        unansweredSpan = nil
        asked = nil
        record = nil
        inherited = false
        (wentWithServer, askAgain) = (nil, false)
        guard let source else {
            do { try store.recordQuietedDesktop(nil) } catch { logger.error("\(error)") }
            return
        }
        restoring = source
        let events = events
        let logger = logger
        let turnOff: (@escaping @Sendable (String?) -> Void) -> Void =
            watch.map { watch in { watch.turnOff(source, done: $0) } } ?? { $0("no desktop to put back") }
        turnOff { failure in
            if let failure { logger.error("cannot put the desktop's Do Not Disturb back (\(source)): \(failure)") }
            events.push(.desktop(.restored(source)))
        }
        logger.info(
            "put the desktop's Do Not Disturb back (\(source)): \(reason)",
            metadata: ["event": "quiet_restored", "switch": "\(source.switchName)"])
    }

    /// The desktop is left as the person has it for the rest of `span`.
    private func leave(_ span: String, _ said: String) {
        (wentWithServer, askAgain, asked) = (nil, false, nil)
        decide(Store.QuietedDesktop(span: span, change: Store.QuietedDesktop.left), said)
    }

    /// Records a span's decision; false when the store could not keep it (then nothing changes).
    @discardableResult
    private func decide(_ decision: Store.QuietedDesktop, _ said: String?) -> Bool {
        do { try store.recordQuietedDesktop(decision) } catch {
            logger.error("\(error)")
            return false
        }
        record = decision
        if let said { logger.info("\(said)", metadata: ["event": "quiet_left", "span": "\(decision.span)"]) }
        return true
    }
}
