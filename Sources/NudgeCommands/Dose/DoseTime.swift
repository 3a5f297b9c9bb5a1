import Foundation
import NudgeCore

/// When a dose was taken, as `--at` gives it: a time that has passed, within the same night.
public enum DoseTime {
    /// How far back a dose may be logged: within the same night.
    public static let backdating: TimeInterval = 12 * 3600

    /// Why `typed` would be refused, in nudge's words; nil when it would be taken. A line
    /// offered for a slip (`--at 10 pm` as `--at '10 pm'`) is offered only then.
    public static func refusal(_ typed: GivenInstant?, _ context: CommandContext) -> String? {
        do throws(InputError) {
            _ = try instant(typed, context)
            return nil
        } catch {
            return error.description
        }
    }

    /// The instant given, resolved on the context's clock; now when none is given.
    public static func instant(_ typed: GivenInstant?, _ context: CommandContext) throws(InputError) -> Date {
        guard let typed else { return context.now }
        return try InstantInput.pastInstant(
            typed, option: "--at", now: context.now, clock: context.wallClock, maximumAge: backdating)
    }
}
