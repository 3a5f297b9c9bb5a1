import Foundation
import NudgeCore
import NudgeStore

/// An older copy of the store put in place (a restore, or another program's) that records as
/// on screen a delivery whose notification had closed: what closed it is recorded again, so
/// that it is owed again or closed, never "shown, no answer" with nothing on screen.
extension Daemon {
    /// A close the server reported (it expired, the person dismissed it) is recorded as it
    /// came; one nudge closed (its delivery was rolled back, or it was answered or settled in
    /// the store before) is lost to the older copy, and shown again if it waits for an answer.
    func followReopenedDeliveries() throws {
        // What closed before a restore, named by it: a daemon started since did not hear it.
        let named = try store.closedBeforeRestore()
        for close in named {
            server.closedNotifications.remember(
                close.notificationID, shownAt: close.shownAt, closedAt: close.closedAt, reason: close.closeReason)
        }
        if !named.isEmpty { try store.forgetClosedBeforeRestore(named) }
        let closed = server.closedNotifications.all
        guard !closed.isEmpty else { return }
        let reopened = try store.reopened(closed.map { ($0.notificationID, $0.shownAt) }).filter(server.showed)
        guard !reopened.isEmpty else { return }
        let input = try scheduleInput(at: configuration.clock.now(), clock: wallClock)
        let reshowAfter = TimeInterval(input.settings.int(ExpiredReshow.minutes) * 60)
        var nudgeClosed: [DeliveryRecord] = []
        var handled: [ClosedNotifications.Closed] = []
        for delivery in reopened {
            guard let id = delivery.notificationID,
                let close = closed.last(where: { $0.notificationID == id && $0.shownAt == delivery.shownAt })
            else { continue }
            handled.append(close)
            if close.reason == .closed {
                nudgeClosed.append(delivery)
            } else {
                try store.recordClosed(
                    notificationID: id, reason: close.reason, at: close.closedAt, reshowAfter: reshowAfter)
            }
        }
        let owedAgain = try store.recordLostToOlderCopy(
            nudgeClosed.map(\.id), at: configuration.clock.now(),
            showingAgain: input.kinds.filter { !$0.isReplacing }.map(\.kind))
        // Followed once: the rows still name the closed notifications until the showings again
        // are recorded, and a plan before that (another store event) showed each twice (hostile
        // round 26 on issue 39).
        server.closedNotifications.forget(handled)
        let reshown = showAgainTheLiveNotifications(of: nudgeClosed, input: input)
        logger.notice(
            "an older copy of the store records \(reopened.count) notification\(reopened.count == 1 ? "" : "s") as on screen that had closed: \(owedAgain + reshown) shown again, \(reopened.count - nudgeClosed.count) recorded closed as the server said",
            metadata: ["event": "reopened_by_older_copy"])
    }

    /// Each replacing kind's notification among `deliveries` shown again once (its latest
    /// showing, as first shown, so that an alarm rings what is left of its time); returns how
    /// many are on their way to the server.
    private func showAgainTheLiveNotifications(of deliveries: [DeliveryRecord], input: ScheduleInput) -> Int {
        // One notification per replacing kind: its latest showing, as first shown.
        let latest = Dictionary(deliveries.map { ($0.kind, $0) }) {
            ($0.shownAt ?? .distantPast) > ($1.shownAt ?? .distantPast) ? $0 : $1
        }
        return latest.values.filter { delivery in
            input.kind(delivery.kind)?.isReplacing == true
                && (try? reshowLiveNotification(
                    of: delivery.kind, ringingAgain: delivery,
                    because: "an older copy of the store records it as on screen")) == true
        }.count
    }
}
