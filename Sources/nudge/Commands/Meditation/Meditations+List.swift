import ArgumentParser
import Foundation
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

        struct SessionRow: Encodable {
            var id: String
            @TimestampText var startedAt: Date?
            var utcOffsetMinutes: Int
            var localDate: String
            /// The day it is listed under and counts for (local date before day_starts_at: the day before).
            var day: String
            var plannedSeconds: Int
            var actualSeconds: Int
            var outcome: String
            var source: String
        }

        struct TotalsRow: Encodable {
            var sessions: Int
            var minutes: Double
            var averageMinutes: Double
            var longestMinutes: Double
            var currentStreakDays: Int
            var longestStreakDays: Int
        }

        struct Output: Encodable {
            var sessions: [SessionRow]
            var totals: TotalsRow
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
            let totals = history.totals
            if json {
                let sessions = history.days.flatMap { day in day.sessions.map { (day.date, $0) } }.map { day, session in
                    SessionRow(
                        id: session.id, startedAt: session.startedAt, utcOffsetMinutes: session.utcOffsetMinutes,
                        localDate: session.localStart.date.description, day: day.description,
                        plannedSeconds: session.plannedSeconds, actualSeconds: session.actualSeconds ?? 0,
                        outcome: session.outcome?.rawValue ?? "completed", source: session.source)
                }
                return try context.printJSON(
                    Output(
                        sessions: sessions,
                        totals: TotalsRow(
                            sessions: totals.sessions, minutes: Self.minutes(totals.seconds),
                            averageMinutes: Self.minutes(totals.averageSeconds),
                            longestMinutes: Self.minutes(totals.longestSeconds),
                            currentStreakDays: totals.currentStreakDays,
                            longestStreakDays: totals.longestStreakDays)))
            }
            guard !history.days.isEmpty else {
                return context.print(
                    sinceDay.map { "No meditation sessions since \($0)." }
                        ?? "No meditation sessions yet. Start one with: nudge meditate (or record one with: nudge meditations add --at TIME --minutes N)"
                )
            }
            var lines: [String] = []
            for day in history.days {
                let seconds = day.sessions.reduce(0) { $0 + ($1.actualSeconds ?? 0) }
                lines.append(
                    "\(day.date) (\(context.wallClock.weekdayName(day.date))): \(MeditationTimer.minutes(seconds)) in \(day.sessions.count) session\(day.sessions.count == 1 ? "" : "s")"
                )
                for session in day.sessions {
                    let time = LocalTime(
                        hour: session.localStart.secondsOfDay / 3600, minute: session.localStart.secondsOfDay / 60 % 60)!
                    let manual = session.source == "manual" ? ", entered afterwards" : ""
                    lines.append(
                        "  \(context.wallClock.text(time))  \(MeditationTimer.minutes(session.actualSeconds ?? 0))  \(Self.outcome(session))\(manual)  \(session.id.prefix(8))"
                    )
                }
            }
            lines.append("")
            lines.append(
                "\(totals.sessions) session\(totals.sessions == 1 ? "" : "s"), \(MeditationTimer.minutes(totals.seconds)); average \(Self.averageText(totals.averageSeconds)), longest \(MeditationTimer.minutes(totals.longestSeconds))"
            )
            lines.append(
                "streak: \(Self.days(totals.currentStreakDays)) now, longest \(Self.days(totals.longestStreakDays))")
            context.print(lines.joined(separator: "\n"))
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

        static func outcome(_ session: MeditationSession) -> String {
            switch session.outcome {
            case .completed, nil: "completed"
            case .endedEarly: "ended early"
            case .interrupted: "interrupted (the computer slept)"
            }
        }

        static func days(_ count: Int) -> String { count == 1 ? "1 day" : "\(count) days" }

        /// Minutes to a tenth: 90 s is 1.5.
        static func minutes(_ seconds: Int) -> Double { (Double(seconds) / 6).rounded() / 10 }

        /// `7.5 minutes`: to the tenth the JSON gives, so that text and JSON agree (it said 7).
        static func averageText(_ seconds: Int) -> String {
            let tenths = minutes(seconds)
            guard seconds >= 120, tenths != tenths.rounded() else { return MeditationTimer.minutes(seconds) }
            return String(format: "%.1f minutes", tenths)
        }
    }
}
