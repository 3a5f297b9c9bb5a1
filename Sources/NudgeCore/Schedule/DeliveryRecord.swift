import Foundation

/// One row of `reminder_deliveries`: one occurrence, whether it was shown and how it was answered.
public struct DeliveryRecord: Sendable, Equatable {
    public var id: Int64
    public var key: String
    public var kind: ReminderKind
    public var dueAt: Date
    public var shownAt: Date?
    public var notificationID: UInt32?
    public var closedAt: Date?
    public var closedReason: CloseReason?
    /// The answer given (its key: take, snooze, done), nil until answered. Named as the
    /// `deliveries.action` column it mirrors, a contract other programs read (STORE.md).
    public var action: String?
    /// When it was answered, named as the `acknowledged_at` column.
    public var acknowledgedAt: Date?
    public var cancelledAt: Date?
    public var missedAt: Date?
    public var title: String?
    public var body: String?
    /// When a notification the server let expire unanswered is shown again; nil otherwise.
    public var reshowAt: Date?
    /// How many times it was shown again after expiring unanswered.
    public var reshown: Int
    /// When Do Not Disturb first held it (its kind's `during_do_not_disturb` is hold); nil if never.
    public var heldAt: Date?
    /// When Do Not Disturb last ended while it was held.
    public var releasedAt: Date?
    /// When the daemon learned that the server which showed it had gone, it still open (a
    /// restarted notification server); a `shownAt` at or after it is its showing again (the
    /// store keeps times to the second, and it was shown before the second it was lost).
    public var lostAt: Date?
    /// Why it was lost at `lostAt`.
    public var lostCause: LossCause

    public init(
        id: Int64, key: String, kind: ReminderKind, dueAt: Date, shownAt: Date? = nil,
        notificationID: UInt32? = nil, closedAt: Date? = nil, closedReason: CloseReason? = nil,
        action: String? = nil, acknowledgedAt: Date? = nil, cancelledAt: Date? = nil,
        missedAt: Date? = nil, title: String? = nil, body: String? = nil, reshowAt: Date? = nil, reshown: Int = 0,
        heldAt: Date? = nil, releasedAt: Date? = nil, lostAt: Date? = nil, lostCause: LossCause = .server
    ) {
        self.id = id
        self.key = key
        self.kind = kind
        self.dueAt = dueAt
        self.shownAt = shownAt
        self.notificationID = notificationID
        self.closedAt = closedAt
        self.closedReason = closedReason
        self.action = action
        self.acknowledgedAt = acknowledgedAt
        self.cancelledAt = cancelledAt
        self.missedAt = missedAt
        self.title = title
        self.body = body
        self.reshowAt = reshowAt
        self.reshown = reshown
        self.heldAt = heldAt
        self.releasedAt = releasedAt
        self.lostAt = lostAt
        self.lostCause = lostCause
    }

    /// Still owed to the person: claimed or queued (a snooze) but never shown, or shown and let
    /// expire unanswered (to be shown again at `reshowAt`), and not answered, cancelled or given
    /// up as missed. After a crash between claim and show, this is what makes the occurrence
    /// come back.
    public var isOwed: Bool {
        (shownAt == nil || reshowAt != nil) && action == nil && cancelledAt == nil && missedAt == nil
    }

    /// When it is owed: when due, or, after it expired unseen, when it is shown again.
    public var owedAt: Date { reshowAt ?? dueAt }

    /// Owed again because the notification server that showed it restarted (owed from the
    /// instant it was lost), not because it expired unseen.
    public var isOwedAfterLoss: Bool { isOwed && reshowAt != nil && reshowAt == lostAt }

    /// Late for a restarted server that lost it, whether Do Not Disturb held it before the loss
    /// or after (hostile round on issue 41: one shown before a meditation's quiet and lost
    /// during it was summed up as held by Do Not Disturb). Not when it was shown again since
    /// the loss (a `shownAt` at or after `lostAt`) and first held after that showing: then Do
    /// Not Disturb held it. Its showing in the summary of what was late keeps it the loss's (a
    /// summary reworded on unlock).
    var lateForItsLoss: Bool {
        guard let lostAt else { return false }
        guard let shownAt, shownAt >= lostAt, let heldAt else { return true }
        return heldAt < shownAt
    }

    /// The same rule in SQL, for a `reminder_deliveries` row named `table` (an alias or the
    /// table's name): kept beside `isOwed` so the two cannot drift apart.
    public static func owedSQL(_ table: String = "reminder_deliveries") -> String {
        "((\(table).shown_at IS NULL OR \(table).reshow_at IS NOT NULL) AND \(table).action IS NULL AND \(table).cancelled_at IS NULL AND \(table).missed_at IS NULL)"
    }
}
