import ArgumentParser
import NudgeCommands
import NudgeCore

/// `--at` of a one-off call reminder, as `call remind` and `call reminders edit` both take it:
/// a time of day alone, which --in or --on may give the day of, or a time with its day.
extension Nudge.Call {
    static let reminderAtHelp =
        "a time with its day: tomorrow at 9am, monday 9:00, next friday 18:00 (the first Friday after today: tomorrow, said on a Thursday), in an hour; a time in a named zone, 01:30 EST, takes the day of --in or --on as a time alone does"

    /// A day from --in or --on goes only with a time of day, alone or in a named zone (`01:30 EST`).
    static func validate(at: GivenInstant?, withDay: Bool) throws {
        guard let at, CallReminderTime.timeOfDay(at) == nil, !CallReminderTime.isZonedTimeOfDay(at), withDay else {
            return
        }
        throw ValidationError(
            "--at '\(at.text)' names its day; give the day in --at, or --in/--on with a time of day such as --at 18:30")
    }
}
