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
    let store: Store
    let events: EventQueue
    let logger: Logger
    /// The decision for the span, as the store has it.
    var record: Store.QuietedDesktop?
    /// Whether `record` came from a daemon before this one, not yet looked at.
    var inherited = false
    /// The notification server the daemon before this one last saw (`notification_server`).
    var serverBefore: String?
    /// The switch nudge turned on was seen on since: its going off is then the person's doing.
    var seenOn = false
    /// The switch being turned back off: no longer the desktop's Do Not Disturb for nudge.
    var restoring: DoNotDisturb.Source?
    /// The server's switch nudge turned on went with its server during the span (a restarted
    /// dunst comes back unpaused): still the desktop's Do Not Disturb for nudge, and asked for
    /// again from the server that comes back (`askAgain`).
    var wentWithServer: DoNotDisturb.Source?
    /// A server came back while `wentWithServer`: the next `follow` asks it again.
    var askAgain = false
    /// The server last heard of (`DoNotDisturb.server`).
    var server: Int?
    /// The switch nudge asked to turn on, from the call until the desktop is heard with it on
    /// or refuses: counted on meanwhile, so that what holds is held from the moment nudge asks
    /// (hostile round on issue 41: Plasma answering its Inhibit 3 s late let reminders through).
    var asked: DoNotDisturb.Source?
    /// The span whose call to turn the switch on went unanswered: put back without its cookie.
    var unansweredSpan: String?
    /// Being put back without its cookie (by leaving the bus): `stray` if it stays on.
    var restoringBlind = false
    /// An inhibition nudge asked for unanswered, still on after nudge left the bus (a server
    /// that keeps a gone connection's inhibitions): not counted until it ends, so that nothing
    /// is held for what nudge started and could not end.
    var stray: DoNotDisturb.Source?
    /// Fires `strayGrace` after nudge left the bus with an unanswered inhibition still on as
    /// last heard: the server says it ended (PropertiesChanged) after nudge's own call returns,
    /// so only one still on then is said to stay (hostile round on issue 41: a false warning
    /// at the end bell, 2 of 2 runs).
    let strayCheck: OneShotTimer
    static let strayGrace: TimeInterval = 3

    init(store: Store, events: EventQueue, logger: Logger) throws(DaemonError) {
        strayCheck = try OneShotTimer()
        self.store = store
        self.events = events
        self.logger = logger
    }

    /// The switch nudge turned on and has not begun to put back.
    var turnedOn: DoNotDisturb.Source? { record.flatMap { DoNotDisturb.Source(switchName: $0.change) } }

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
                    "the notification server left during \(QuietSpan.spoken(key: record.span)) with Do Not Disturb (\(source)): still counted on, and asked again of the server that comes back",
                    metadata: ["event": "quiet_server_left", "switch": "\(source.switchName)"])
            }
            wentWithServer = source
            askAgain = askAgain || cameBack
            return cameBack
        } else if seenOn {
            leave(record.span, "Do Not Disturb was turned off during \(QuietSpan.spoken(key: record.span)): left off")
        }
        return false
    }

    /// The daemon stops: what it turned on is put back now (nothing would later), waiting for
    /// the desktop at most a server's call timeout.
    func stop(watch: DoNotDisturbWatch?) {
        guard let source = restoring ?? turnedOn, let watch else { return }
        let putBack = watch.turnOffNow(source)
        restoring = nil
        record = nil
        Self.say(putBack, of: source, because: "the daemon stops", to: logger)
        do { try store.recordQuietedDesktop(nil) } catch { logger.error("\(error)") }
    }

    /// Asks the desktop; what it answers comes back to the loop (`turnedOn`).
    func turnOn(
        _ source: DoNotDisturb.Source, for span: String, watch: DoNotDisturbWatch, clock: WallClock, until: Date
    ) {
        asked = source
        let events = events
        let time = clock.timeOfDay(until)
        watch.turnOn(source, reason: "quiet until \(time)") { outcome in
            events.push(.desktop(.turnedOn(source, span: span, until: time, outcome: outcome)))
        }
    }

    func putBack(watch: DoNotDisturbWatch?, because reason: String) {
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
        let turnOff: (@escaping @Sendable (QuietSwitchPutBack) -> Void) -> Void =
            watch.map { watch in { watch.turnOff(source, done: $0) } } ?? { $0(.failed("no desktop to put back")) }
        // Said once the desktop answered, one way or the other (hostile round on issue 41 after
        // B15: "put back" and then an error for a dunst gone at the end bell).
        turnOff { putBack in
            Self.say(putBack, of: source, because: reason, to: logger)
            events.push(.desktop(.restored(source)))
        }
    }

    /// What became of the switch nudge turned back off, said as it is.
    static func say(
        _ putBack: QuietSwitchPutBack, of source: DoNotDisturb.Source, because reason: String, to logger: Logger
    ) {
        let switchName: Logger.Metadata.Value = "\(source.switchName)"
        switch putBack {
        case .putBack:
            logger.info(
                "put the desktop's Do Not Disturb back (\(source)): \(reason)",
                metadata: ["event": "quiet_restored", "switch": switchName])
        case .neverOn:
            logger.info(
                "the desktop never answered the call to turn Do Not Disturb on (\(source)): nothing to put back, the call ended (\(reason))",
                metadata: ["event": "quiet_call_ended", "switch": switchName])
        case .keptForNextSpan:
            logger.info(
                "the call to turn Do Not Disturb on (\(source)), still unanswered, is kept for the session that began meanwhile",
                metadata: ["event": "quiet_call_kept", "switch": switchName])
        case .failed(let failure):
            logger.error("cannot put the desktop's Do Not Disturb back (\(source)): \(failure)")
        }
    }

    /// The desktop is left as the person has it for the rest of `span`.
    func leave(_ span: String, _ said: String) {
        (wentWithServer, askAgain, asked) = (nil, false, nil)
        decide(Store.QuietedDesktop(span: span, change: Store.QuietedDesktop.left), said)
    }

    /// Records a span's decision; false when the store could not keep it (then nothing changes).
    @discardableResult
    func decide(_ decision: Store.QuietedDesktop, _ said: String?) -> Bool {
        do { try store.recordQuietedDesktop(decision) } catch {
            logger.error("\(error)")
            return false
        }
        record = decision
        if let said { logger.info("\(said)", metadata: ["event": "quiet_left", "span": "\(decision.span)"]) }
        return true
    }
}
