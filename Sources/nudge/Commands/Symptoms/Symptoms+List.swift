import ArgumentParser
import Foundation
import NudgeCommands
import NudgeCore
import NudgeReports
import NudgeStore

extension Nudge.Symptoms {
    struct List: NudgeCommand {
        static let configuration = CommandConfiguration(
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

        private func days(_ context: CommandContext) throws(InputError) -> DayRange {
            let today = context.wallClock.date(of: context.now)
            return try range.days(today: today, otherwise: search == nil ? .init(first: today, last: today) : .all)
        }

        struct EntryRow: Encodable {
            var id: String
            var date: String
            var name: String
            var severity: Int
            @TimestampText var loggedAt: Date?
            @NullWhenAbsent var notes: String?
        }

        func run(_ context: CommandContext) throws {
            if chart { return try drawChart(context) }
            let days = try days(context)
            let clock = context.wallClock
            var entries = try context.openStoreForReading().run {
                try $0.symptoms(from: days.first, through: days.last, clock: clock)
            }
            if let search {
                entries = entries.filter {
                    $0.name.range(of: search, options: .caseInsensitive) != nil
                        || $0.notes?.range(of: search, options: .caseInsensitive) != nil
                }
            }
            try context.print(
                Listing(
                    items: entries,
                    row: {
                        EntryRow(
                            id: $0.id, date: clock.date(of: $0.loggedAt).description, name: $0.name,
                            severity: $0.severity, loggedAt: $0.loggedAt, notes: $0.notes)
                    },
                    columns: [
                        .init("ID") { String($0.id.prefix(8)).lowercased() },
                        .init("TIME") { LocalFormat.time($0.loggedAt, clock: clock) }, .text("SYMPTOM") { $0.name },
                        .init("SEVERITY") { String($0.severity) },
                        .text("NOTES") { $0.notes.map(Self.start(of:)) ?? "" },
                    ],
                    whenEmpty: nothing(days),
                    sections: .init(
                        heading: { "\(clock.weekdayName(clock.date(of: $0.loggedAt))) \(clock.date(of: $0.loggedAt))" },
                        comesFirst: { clock.date(of: $0.loggedAt) > clock.date(of: $1.loggedAt) })),
                json: json)
        }

        /// The range asked for, else the last 30 days; an open end is the diary's first or last day.
        private func drawChart(_ context: CommandContext) throws {
            let clock = context.wallClock
            let today = clock.date(of: context.now)
            let days = try range.days(today: today, otherwise: .init(first: today.adding(days: -29), last: today))
            var entries = try context.openStoreForReading().run {
                try $0.symptoms(from: days.first, through: days.last, clock: clock)
            }
            if let search {
                entries = entries.filter { $0.name.range(of: search, options: .caseInsensitive) != nil }
            }
            guard !entries.isEmpty else { return context.printWrapped(nothing(days)) }
            let logged = entries.map { clock.date(of: $0.loggedAt) }
            let first = days.first ?? logged.min()!
            let last = days.last ?? logged.max()!
            let colour = context.environment.takesEscapes
            context.environment.output(
                SymptomChart.render(
                    entries, first: first, last: last, clock: clock, width: context.environment.width, colour: colour))
        }

        private func nothing(_ days: DayRange) -> String {
            let when: String
            switch (days.first, days.last) {
            case (let first?, let last?) where first == last: when = " on \(first)"
            case (let first?, let last?): when = " from \(first) to \(last)"
            case (let first?, nil): when = " since \(first)"
            case (nil, let last?): when = " up to \(last)"
            case (nil, nil): when = ""
            }
            if let search { return "No symptom entries\(when) mention '\(TextInput.oneLine(Self.start(of: search)))'." }
            return "No symptoms logged\(when). Log one with: nudge log symptom NAME --severity N"
        }

        /// The first line of the notes (with `…` where more follow), cut to 60 characters.
        static func start(of notes: String) -> String {
            let line = TextTable.cell(notes)
            return line.count > 60 ? String(line.prefix(59)) + "…" : line
        }
    }
}
