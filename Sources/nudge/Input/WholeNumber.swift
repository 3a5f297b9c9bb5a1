import ArgumentParser

/// Numeric options parsed with the accepted range in the refusal: ArgumentParser alone says
/// only "invalid" for `abc` or a number too large for Int.
enum WholeNumber {
    static func parser(_ range: ClosedRange<Int>) -> @Sendable (String) throws -> Int {
        { text in
            guard let value = Int(text.trimmingCharacters(in: .whitespaces)) else {
                throw ValidationError("not a whole number; give one from \(range.lowerBound) to \(range.upperBound)")
            }
            return value
        }
    }
}
