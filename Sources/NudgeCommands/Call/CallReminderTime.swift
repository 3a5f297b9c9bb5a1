import Foundation
import NudgeCore
import NudgeReports

/// `--at` of a one-off call reminder, as `call remind` and `call reminders edit` both take it:
/// a time of day alone, which --in or --on may give the day of, or a time with its day.
public enum CallReminderTime {
    /// The time of day when --at gives one alone (`18:30`).
    public static func timeOfDay(_ at: GivenInstant?) -> LocalTime? {
        guard case .timeOfDay(let time) = at?.form else { return nil }
        return time
    }

    /// `--at 'tomorrow 9am'`: the instant it names from now on the person's clock, to come.
    static func instantToCome(_ at: GivenInstant, _ context: CommandContext) throws -> Date {
        guard let due = at.resolved(now: context.now, clock: context.wallClock, direction: .future),
            due <= Timestamp.latest
        else {
            throw CommandFailure(
                "--at '\(at.text)' names no instant on this clock; give \(InstantInput.acceptedFuture)", exitCode: 64)
        }
        guard due > context.now else {
            throw CommandFailure(
                "--at '\(at.text)' (\(context.understood(due))) has passed; give a time to come, such as tomorrow 9am or in 2 hours",
                exitCode: 64)
        }
        return due
    }
}
