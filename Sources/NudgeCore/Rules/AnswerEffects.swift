import Foundation

/// What an answer writes besides its own delivery row, in the same transaction.
public struct AnswerEffects<Change: AppChange>: Sendable, Equatable {
    /// When the answer counts as given (`acknowledged_at`); nil is the instant it arrived. A dose
    /// taken `--at` an earlier time is acknowledged then.
    public var answeredAt: Date?
    /// Rows in the kind's own app tables.
    public var changes: [Change]
    /// A new occurrence to queue (a snooze), numbered after the ones with the same prefix.
    public var followUp: AnswerFollowUp?
    /// Owed occurrences whose keys start with this prefix are cancelled (a pending snooze).
    public var cancelOwedWithPrefix: String?
    /// A nudge command (its arguments) to run in a terminal once recorded ("Write now").
    public var openInTerminal: [String]?
    /// What was done, in words, for the terminal the answer came from ("logged a call with
    /// Sam"); nil where the action's name says it.
    public var confirmation: String?

    public init(
        answeredAt: Date? = nil, changes: [Change] = [], followUp: AnswerFollowUp? = nil,
        cancelOwedWithPrefix: String? = nil,
        openInTerminal: [String]? = nil, confirmation: String? = nil
    ) {
        self.answeredAt = answeredAt
        self.changes = changes
        self.followUp = followUp
        self.cancelOwedWithPrefix = cancelOwedWithPrefix
        self.openInTerminal = openInTerminal
        self.confirmation = confirmation
    }
}

/// What a rule decides for an answer to one of its notifications.
public enum AnswerDecision<Change: AppChange>: Sendable, Equatable {
    case record(AnswerEffects<Change>)
    /// Answered before: the first answer stands, nothing is written.
    case duplicate
    case refused(InputError)
}

/// A new occurrence an answer queues (a snooze).
public struct AnswerFollowUp: Sendable, Equatable {
    public var kind: ReminderKind
    /// The key is this prefix and the next number (`symptom:2026-11-21:snooze:` + `2`).
    public var keyPrefix: String
    public var dueAt: Date
    /// Stored with the row: a follow-up shown at once (a dose snooze's update), or one that
    /// names what it is about, for history, whatever becomes of that (a call reminder moved).
    public var title: String?

    public init(kind: ReminderKind, keyPrefix: String, dueAt: Date, title: String? = nil) {
        self.kind = kind
        self.keyPrefix = keyPrefix
        self.dueAt = dueAt
        self.title = title
    }
}
