/// What a reminder is about; the `kind` column of `reminder_deliveries`.
///
/// An open set rather than an enum: each rule declares its own kind beside itself
/// (`ReminderKind.symptom` in SymptomReminder.swift), so a new kind edits no shared file, and a
/// row of a kind this build does not know (a newer nudge wrote it) still reads, with its text.
public struct ReminderKind: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    /// The rule that plans, words and answers reminders of this kind; nil for a kind unknown here.
    public var rule: (any ReminderRule)? { ReminderRules.rule(for: self) }
}
