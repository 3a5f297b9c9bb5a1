import Foundation

/// What an answer to a notification changes besides its own delivery row, written in the same
/// transaction.
public struct AnswerEffects: Sendable, Equatable {
    /// A new occurrence to queue (a snooze), numbered after the ones with the same prefix.
    public var followUp: FollowUp?
    /// Owed occurrences whose keys start with this prefix are cancelled (a pending snooze).
    public var cancelOwedWithPrefix: String?

    public init(followUp: FollowUp? = nil, cancelOwedWithPrefix: String? = nil) {
        self.followUp = followUp
        self.cancelOwedWithPrefix = cancelOwedWithPrefix
    }

    public struct FollowUp: Sendable, Equatable {
        public var kind: ReminderKind
        /// The key is this prefix and the next number (`symptom:2026-11-21:snooze:` + `2`).
        public var keyPrefix: String
        public var dueAt: Date

        public init(kind: ReminderKind, keyPrefix: String, dueAt: Date) {
            self.kind = kind
            self.keyPrefix = keyPrefix
            self.dueAt = dueAt
        }
    }
}
