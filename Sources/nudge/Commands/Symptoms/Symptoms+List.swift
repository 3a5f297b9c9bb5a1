import ArgumentParser
import NudgeCommandLine
import NudgeCommands

extension Nudge.Symptoms {
    struct List: NudgeCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List symptom entries grouped by local day, newest first, each with its id.",
            discussion:
                "Without a day, today's; with --search alone, the whole diary's. With --chart, a picture of the days instead (the last 30 without a day): one row per symptom, one cell per day (a week, a month or a year where the days do not fit in the width: COLUMNS, else the terminal's, else 80), in colour on a terminal unless NO_COLOR is set."
        )
        @OptionGroup var global: GlobalOptions
        @OptionGroup var range: DayRangeOptions
        @Option(help: "Only entries with this text in their name or notes (case-insensitive).") var search: String?
        @Flag(help: "Print one JSON array.") var json = false
        @Flag(help: "Draw the days as a chart: a row per symptom, a cell per day, the highest severity.")
        var chart = false

        func validate() throws {
            if let search, search.isEmpty { throw ValidationError("--search is empty; give some text to look for") }
            if chart, json { throw ValidationError("give --chart or --json, not both") }
        }

        func run(_ context: CommandContext) throws {
            let request = SymptomList(range: range.request, search: search)
            if chart { return try request.drawChart(context) }
            try context.print(request.listing(context), json: json)
        }
    }
}
