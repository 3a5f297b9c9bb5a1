/// The optimal string alignment distance (Levenshtein's, with two neighbouring letters swapped
/// counted as one edit) between two words: how near a typed command or key is to a real one,
/// for a "did you mean". `stauts` is one edit from `status`, two from `start`.
public enum EditDistance {
    public static func between(_ first: String, _ second: String) -> Int {
        let one = Array(first)
        let other = Array(second)
        var beforePrevious: [Int] = []
        var previous = Array(0...other.count)
        for index in one.indices {
            var current = [index + 1]
            for otherIndex in other.indices {
                var distance = min(
                    previous[otherIndex + 1] + 1, current[otherIndex] + 1,
                    previous[otherIndex] + (one[index] == other[otherIndex] ? 0 : 1))
                if index > 0, otherIndex > 0, one[index] == other[otherIndex - 1], one[index - 1] == other[otherIndex] {
                    distance = min(distance, beforePrevious[otherIndex - 1] + 1)
                }
                current.append(distance)
            }
            beforePrevious = previous
            previous = current
        }
        return previous[other.count]
    }
}
