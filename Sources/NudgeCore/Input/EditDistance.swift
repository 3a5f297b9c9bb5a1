/// Levenshtein's distance between two words: how near a typed command or key is to a real one,
/// for a "did you mean".
public enum EditDistance {
    public static func between(_ first: String, _ second: String) -> Int {
        let other = Array(second)
        var previous = Array(0...other.count)
        for (index, character) in first.enumerated() {
            var current = [index + 1]
            for (otherIndex, otherCharacter) in other.enumerated() {
                current.append(
                    min(
                        previous[otherIndex + 1] + 1, current[otherIndex] + 1,
                        previous[otherIndex] + (character == otherCharacter ? 0 : 1)))
            }
            previous = current
        }
        return previous[other.count]
    }
}
