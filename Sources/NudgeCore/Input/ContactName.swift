import Foundation

/// A contact's name as a person types it: the whole name, without regard to case or the spaces
/// around and between its words (`TextInput.singleSpaced`). A part of a name is only a hint for a suggestion, never the contact.
public enum ContactName {
    /// Whether `typed` names the contact called `name`.
    public static func same(_ name: String, _ typed: String) -> Bool {
        folded(name) == folded(typed)
    }

    /// Whether `typed` is near enough to `name` to suggest it: a part of it, a name it starts
    /// with (`Anna` for Ann), or a slip of a letter or two.
    public static func resembles(_ name: String, _ typed: String) -> Bool {
        let (name, typed) = (folded(name), folded(typed))
        guard !typed.isEmpty, !name.isEmpty else { return false }
        return name.contains(typed) || typed.contains(name)
            || EditDistance.between(name, typed) <= min(2, max(name.count, typed.count) / 3)
    }

    private static func folded(_ text: String) -> String {
        TextInput.singleSpaced(text).lowercased()
    }
}
