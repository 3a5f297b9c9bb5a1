/// The words of a known set a mistyped one most likely meant, for a "did you mean": the one it
/// begins, else those a slip away (EditDistance), the nearest all, else those it begins.
/// Several when they are equally near: a suggestion never picks one of two at random.
public enum NearestWords {
    /// `typed` and `names` as compared: the caller folds case where case does not count.
    public static func to(_ typed: String, among names: [String]) -> [String] {
        // The one word it begins (`hist` → history), nearer than any a letter away (list); then
        // those the word itself begins with (`reminder` → reminders, remind).
        let begun = names.filter { $0.hasPrefix(typed) }
        if begun.count == 1 {
            return begun + names.filter { $0 != begun[0] && $0.count >= 4 && typed.hasPrefix($0) }
        }
        let distances = names.map { ($0, EditDistance.between($0, typed)) }
        if let best = distances.map(\.1).min(), best <= slipLimit(typed) {
            return distances.filter { $0.1 == best }.map(\.0)
        }
        return begun
    }

    /// The most edits a slip makes: one in a short word, a third of a longer one's letters, three.
    private static func slipLimit(_ typed: String) -> Int { max(1, min(3, typed.count / 3)) }
}
