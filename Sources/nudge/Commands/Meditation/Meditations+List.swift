import ArgumentParser
import Foundation
import NudgeCommands
import NudgeCore
import NudgeReports
import NudgeStore

extension Nudge.Meditations {
    struct List: NudgeCommand {
        static let configuration = CommandConfiguration(
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
            let store = try context.openStoreForReading()
            let (all, settings) = try store.run { (try $0.meditations(), try $0.settings()) }
            if calendar { return draw(all, settings: settings, context: context) }
            // One day, one meaning: --since, the listing, the calendar and the streaks all count
            // a day from meditation.day_starts_at (a session at 03:06 belongs to the day before).
            let dayStartsAt = settings.time(.meditationDayStartsAt)
            let today = MeditationHistory.streakDay(of: context.now, clock: context.wallClock, dayStartsAt: dayStartsAt)
            let sinceDay = since?.resolved(today: today, direction: .past)
            let listed = all.filter { session in
                sinceDay.map { session.streakDay(dayStartsAt: dayStartsAt) >= $0 } ?? true
            }
            let history = MeditationHistory(
                listed: listed, all: all, now: context.now, clock: context.wallClock, dayStartsAt: dayStartsAt)
            let listing = MeditationListing(history: history, clock: context.wallClock, since: sinceDay)
            if json { return try context.printJSON(listing.output) }
            // The sentence of an empty history wraps as other prose; the days' lines are not cut.
            if history.days.isEmpty { context.printWrapped(listing.text) } else { context.print(listing.text) }
        }

        private func draw(_ sessions: [MeditationSession], settings: Settings, context: CommandContext) {
            let dayStartsAt = settings.time(.meditationDayStartsAt)
            let today = MeditationHistory.streakDay(of: context.now, clock: context.wallClock, dayStartsAt: dayStartsAt)
            let calendar = MeditationCalendar(
                sessions: sessions, year: year ?? today.year, today: today, dayStartsAt: dayStartsAt,
                clock: context.wallClock)
            context.environment.output(
                calendar.render(colour: context.environment.takesEscapes, width: context.environment.width))
        }
    }
}
