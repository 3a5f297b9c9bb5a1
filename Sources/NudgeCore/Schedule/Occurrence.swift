import Foundation

/// One time a reminder is due, identified by a key that stays the same across restarts.
public struct Occurrence: Hashable, Sendable {
    public var kind: ReminderKind
    /// Stable identity, the `reminder_key` of its delivery row (`symptom:2026-11-21`).
    public var key: String
    public var dueAt: Date
    public var title: String

    public init(kind: ReminderKind, key: String, dueAt: Date, title: String) {
        self.kind = kind
        self.key = key
        self.dueAt = dueAt
        self.title = title
    }
}
