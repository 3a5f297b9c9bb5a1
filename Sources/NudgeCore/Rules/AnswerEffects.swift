import Foundation

/// What an answer writes besides its own delivery row, in the same transaction.
public struct AnswerEffects: Sendable {
    /// When the answer counts as given (`acknowledged_at`); nil is the instant it arrived. A dose
    /// taken `--at` an earlier time is acknowledged then.
    public var answeredAt: Date?
    /// Rows in the kind's own app tables.
    public var changes: [any AppChange]
    /// A new occurrence to queue (a snooze), numbered after the ones with the same prefix.
    public var followUp: FollowUp?
    /// Owed occurrences whose keys start with this prefix are cancelled (a pending snooze).
    public var cancelOwedWithPrefix: String?
    /// A nudge command (its arguments) to run in a terminal once recorded ("Write now").
    public var openInTerminal: [String]?

    public init(
        answeredAt: Date? = nil, changes: [any AppChange] = [], followUp: FollowUp? = nil,
        cancelOwedWithPrefix: String? = nil,
        openInTerminal: [String]? = nil
    ) {
        self.answeredAt = answeredAt
        self.changes = changes
        self.followUp = followUp
        self.cancelOwedWithPrefix = cancelOwedWithPrefix
        self.openInTerminal = openInTerminal
    }

    public struct FollowUp: Sendable, Equatable {
        public var kind: ReminderKind
        /// The key is this prefix and the next number (`symptom:2026-11-21:snooze:` + `2`).
        public var keyPrefix: String
        public var dueAt: Date
        /// Stored with the row when the follow-up is shown at once (a dose snooze's update).
        public var title: String?

        public init(kind: ReminderKind, keyPrefix: String, dueAt: Date, title: String? = nil) {
            self.kind = kind
            self.keyPrefix = keyPrefix
            self.dueAt = dueAt
            self.title = title
        }
    }
}

extension AnswerEffects: Equatable {
    public static func == (lhs: AnswerEffects, rhs: AnswerEffects) -> Bool {
        lhs.answeredAt == rhs.answeredAt && lhs.followUp == rhs.followUp
            && lhs.cancelOwedWithPrefix == rhs.cancelOwedWithPrefix
            && lhs.openInTerminal == rhs.openInTerminal
            && lhs.changes.count == rhs.changes.count && zip(lhs.changes, rhs.changes).allSatisfy { $0.isSame(as: $1) }
    }
}

/// What a rule decides for an answer to one of its notifications.
public enum AnswerDecision: Sendable, Equatable {
    case record(AnswerEffects)
    /// Answered before: the first answer stands, nothing is written.
    case duplicate
    case refused(InputError)
}
