import ArgumentParser
import NudgeCommandLine
import NudgeCommands
import NudgeCore

extension Nudge.Meditations {
    struct List: NudgeCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List the sessions (the default: nudge meditations).",
            discussion: """
                Sessions are grouped by day, newest first: a day starts at meditation.day_starts_at on the local clock where the session happened (its own UTC offset), so a session at 03:06 is listed under the day before, as the calendar and the streaks count it; --since counts days the same way. Totals count the completed sessions listed and those ended early (one the machine's sleep interrupted is listed, and counts for its streak day): sessions, minutes, average and longest. A streak is days in a row with a session; the current streak is still alive until a day with none has passed.

                With --calendar, the year as a picture instead: a column per week, a row per weekday (Monday first), each day shaded by its minutes (· none, ░ under 10, ▒ 10 to 19, ▓ 20 to 29, █ 30 or more), today (▲) and the weeks of the current streak (─) marked below; in colour on a terminal unless NO_COLOR is set.
                """)
        @OptionGroup var global: GlobalOptions
        @Flag(help: "Print one JSON object: {\"sessions\": [...], \"totals\": {...}}.") var json = false
        @Option(help: "From a local date on: \(GivenDay.accepted).", transform: TypedArguments.day) var since: GivenDay?
        @Flag(help: "Draw the year as a calendar: a column per week, each day shaded by its minutes.")
        var calendar = false
        @Option(
            help: "The year --calendar draws (1-9999; the current year without it).",
            transform: WholeNumber.parser(Self.years))
        var year: Int?

        static let years = 1...9999

        func validate() throws {
            if let year, !Self.years.contains(year) {
                throw ValidationError("--year \(year) is out of range; give a year from 1 to 9999")
            }
            if year != nil, !calendar { throw ValidationError("--year goes with --calendar; give both") }
            if calendar, json { throw ValidationError("give --calendar or --json, not both") }
            if calendar, since != nil { throw ValidationError("give --calendar or --since, not both") }
        }

        func run(_ context: CommandContext) throws {
            try (calendar ? MeditationsList.calendar(year: year) : .days(since: since, json: json)).run(context)
        }
    }
}
