import NudgeCommands
import NudgeCore

/// Numeric options parsed with the accepted range in the refusal (TypedInput.wholeNumber).
public enum WholeNumber {
    public static func parser(_ range: ClosedRange<Int>) -> @Sendable (String) throws -> Int {
        TypedArguments.parsed { text throws(InputError) in try TypedInput.wholeNumber(text, in: range) }
    }

    /// A number of days, in days or weeks as people say it: `14`, `14d`, `2w`.
    public static func days(_ range: ClosedRange<Int>) -> @Sendable (String) throws -> Int {
        TypedArguments.parsed { text throws(InputError) in try TypedInput.wholeDays(text, in: range) }
    }
}
