import Foundation

/// The answers a shown notification offers, in the words of its buttons: `nudge ack` takes
/// what the person read there (`Stop`, `snooze 10 min`) as well as the ids, and says what it did
/// in those words, never in internal keys.
public struct OfferedAnswers: Sendable, Equatable {
    /// Each answer its rule takes, with the label its button has now (the id where the
    /// notification shows no such button).
    public private(set) var answers: [NotificationAction]

    public init(rule answers: [String], content: NotificationContent?) {
        self.answers = answers.map { key in
            content?.actions.first { $0.key == key } ?? NotificationAction(key: key, label: key)
        }
    }

    /// Only the answers of `keys`, in their order here: those that would be recorded now.
    public func keeping(_ keys: [String]) -> OfferedAnswers {
        var kept = self
        kept.answers = answers.filter { keys.contains($0.key) }
        return kept
    }

    /// The id of the answer `typed` names: an id or a button's label, taken loosely.
    public func id(named typed: String) -> String? {
        let wanted = Self.loosely(typed)
        return (answers.first { Self.loosely($0.key) == wanted } ?? answers.first { Self.loosely($0.label) == wanted })?
            .key
    }

    /// Whether `typed` is "I'm awake", by its id or its label taken loosely: it stops a ringing
    /// alarm, which only the daemon can, and is recorded nowhere.
    public static func isAwake(_ typed: String) -> Bool {
        let wanted = loosely(typed)
        return wanted == loosely(NotificationAction.awake.key) || wanted == loosely(NotificationAction.awake.label)
    }

    /// A label as typed at 3 a.m. matches as read: in any case, without apostrophes (`im
    /// awake`), with spaces collapsed, and `an` or `a` for 1 (`remind me in an hour`).
    static func loosely(_ text: String) -> String {
        let words = text.lowercased().filter { $0 != "'" && $0 != "’" }.split(whereSeparator: \.isWhitespace)
        return words.map { $0 == "an" || $0 == "a" ? "1" : String($0) }.joined(separator: " ")
    }

    /// What the button of `id` says.
    public func label(of id: String) -> String { answers.first { $0.key == id }?.label ?? id }

    /// `Take dose 2 (take), Skip dose 2 (skip) or Snooze 10 min (snooze)`.
    public var listed: String {
        let named = answers.map { $0.label == $0.key ? $0.key : "\($0.label) (\($0.key))" }
        guard let last = named.last else { return "" }
        return named.count == 1 ? last : named.dropLast().joined(separator: ", ") + " or " + last
    }
}
