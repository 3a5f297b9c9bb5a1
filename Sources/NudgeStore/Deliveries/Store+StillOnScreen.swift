import Foundation
import GRDB
import NudgeCore

/// A showing the daemon made that an older copy put in the store's place (a restore of a backup
/// taken before it) no longer records, while its notification is still on screen: the person
/// saw it, and it still waits for an answer.
public struct StillOnScreen: Sendable, Equatable {
    /// The delivery as the daemon recorded it when its notification was shown.
    public var delivery: DeliveryRecord
    public var awaitsAnswer: Bool?

    public init(_ delivery: DeliveryRecord, awaitsAnswer: Bool?) {
        self.delivery = delivery
        self.awaitsAnswer = awaitsAnswer
    }
}

extension Store {
    /// Records again, under their own ids, the showings of `showings` whose occurrence the store
    /// has no row for: without them the plan gave up a pre-alarm the person saw as missed and
    /// showed the alarm as new, ringing its whole time again (hostile round 26 on issue 39,
    /// Medium 6). An occurrence the store has a row for (the backup's) keeps that row. Returns
    /// the ids recorded.
    public func recordStillOnScreen(_ showings: [StillOnScreen]) throws(StoreError) -> Set<Int64> {
        guard !showings.isEmpty else { return [] }
        return try write { db in
            var recorded: Set<Int64> = []
            for showing in showings {
                let delivery = showing.delivery
                guard let shownAt = delivery.shownAt, let notificationID = delivery.notificationID else { continue }
                try db.execute(
                    sql: """
                        INSERT OR IGNORE INTO reminder_deliveries
                            (id, reminder_key, kind, due_at, title, body, notification_id, shown_at, awaits_answer)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        delivery.id, delivery.key, delivery.kind.rawValue, Timestamp.format(delivery.dueAt),
                        delivery.title, delivery.body, Int64(notificationID), Timestamp.format(shownAt),
                        showing.awaitsAnswer,
                    ])
                if db.changesCount > 0 { recorded.insert(delivery.id) }
            }
            return recorded
        }
    }
}
