import NudgeCommands
import NudgeCore

/// An option for a number of whole minutes, taken as people say a length of time
/// (TypedInput.wholeMinutes).
public enum DurationMinutes {
    public static func parser(_ range: ClosedRange<Int>) -> @Sendable (String) throws -> Int {
        TypedArguments.parsed { text throws(InputError) in try TypedInput.wholeMinutes(text, in: range) }
    }
}
