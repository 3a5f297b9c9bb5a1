import Foundation

/// A kind whose occurrences want the desktop quiet (a meditation, from its start bell to its
/// end bell): the daemon turns the desktop's Do Not Disturb on for the span that holds now,
/// unless the person's own was on already, and puts back what was there when it ends.
public protocol QuietingRule<Facts>: ReminderRule {
    /// The rule's ``ReminderRule/Facts``, named again so that a kind's input can ask for this
    /// capability of the facts it holds (`any QuietingRule<Rule.Facts>`).
    associatedtype Facts
    /// The spans in which the desktop is to be quiet, past, present and to come. Called after
    /// every plan: the daemon quiets the one that holds now and wakes at the next start or end.
    /// No default; a kind that never quiets the desktop (SymptomReminder) does not conform.
    ///
    /// ```swift
    /// // MeditationTimer, while meditation.do_not_disturb is on:
    /// QuietSpan(key: "meditation:SESSION", from: session.startedAt, until: session.endsAt)
    /// ```
    func quietSpans(in input: RuleInput<Facts>) -> [QuietSpan]
}

/// A span in which the desktop is to be in Do Not Disturb; its key names it for good (the
/// daemon records what it changed under it, and decides once per span).
public struct QuietSpan: Sendable, Equatable {
    public var key: String
    public var from: Date
    public var until: Date

    public init(key: String, from: Date, until: Date) {
        self.key = key
        self.from = from
        self.until = until
    }
}

extension QuietSpan {
    /// A span's key as a person reads it in a log line: its kind ("the meditation"), never the
    /// session's id.
    public static func spoken(key: String) -> String { "the \(key.prefix { $0 != ":" })" }
}
