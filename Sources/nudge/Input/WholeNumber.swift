import ArgumentParser

/// Numeric options parsed with the accepted range in the refusal: ArgumentParser alone says
/// only "invalid" for `abc` or a number too large for Int. A count of days says its unit, so
/// that `--every '2 weeks'` learns what to give instead.
enum WholeNumber {
    static func parser(_ range: ClosedRange<Int>, unit: String? = nil) -> @Sendable (String) throws -> Int {
        { text in
            guard let value = Int(text.trimmingCharacters(in: .whitespaces)) else {
                throw ValidationError(
                    "not a whole number\(unit.map { " of \($0)" } ?? ""); give one from \(range.lowerBound) to \(range.upperBound)"
                )
            }
            return value
        }
    }
}
