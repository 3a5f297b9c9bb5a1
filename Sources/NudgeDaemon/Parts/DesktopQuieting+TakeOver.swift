import Foundation
import NudgeCore
import NudgeNotifier
import NudgeStore

/// What a daemon before this one left of a span's quiet: taken over for the span that holds now.
extension DesktopQuieting {
    /// Reads what a daemon before this one recorded: its span's decision, and the notification
    /// server it last saw (before this daemon's notifier records its own).
    func load() {
        do {
            record = try store.quietedDesktop()
            serverBefore = try store.notificationServer()
        } catch { logger.error("\(error)") }
        inherited = record != nil
    }

    /// A previous daemon's switch for the span that holds now: kept when still on (Plasma's
    /// inhibition died with that daemon's connection: asked for again), turned on again when
    /// it went with a server replaced meanwhile (a restarted dunst comes back unpaused: hostile
    /// round on issue 41 after B15c, High 2), left off when the person turned it off.
    func takeOver(
        _ record: Store.QuietedDesktop, source: DoNotDisturb.Source, state: DoNotDisturb, watch: DoNotDisturbWatch?,
        clock: WallClock, until: Date?
    ) {
        if source == .inhibited, let watch, let until {
            return turnOn(source, for: record.span, watch: watch, clock: clock, until: until)
        }
        let name = QuietSpan.spoken(key: record.span)
        guard state.sources.contains(source) else {
            if source != .gnome, let watch, let until, watch.quietSwitch == source, serverReplaced(state) {
                logger.info(
                    "the notification server was replaced while no daemon ran, and \(source) went with it: turned on again for the rest of \(name)",
                    metadata: ["event": "quiet_server_replaced", "switch": "\(source.switchName)"])
                return turnOn(source, for: record.span, watch: watch, clock: clock, until: until)
            }
            return leave(record.span, "Do Not Disturb was turned off during \(name) while no daemon ran: left off")
        }
        seenOn = true
    }

    /// Whether the server on the bus is another than the one the daemon before this one last
    /// saw; false when either is not known (a store from before nudge kept it), as before.
    private func serverReplaced(_ state: DoNotDisturb) -> Bool {
        guard let serverBefore, let now = state.serverOwner else { return false }
        return serverBefore != now
    }
}
