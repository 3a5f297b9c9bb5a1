import ArgumentParser
import Foundation
import NudgeCore
import NudgeStore

extension Nudge {
    struct Meditations: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "The meditation history: sessions newest first by day, with totals and streaks.",
            subcommands: [List.self, Add.self, Delete.self], defaultSubcommand: List.self)
    }
}

extension Nudge.Meditations {
    struct List: NudgeCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the sessions (the default: nudge meditations).",
            discussion: """
                Sessions are grouped by the local date where each happened (its own UTC offset), newest first. Totals count the completed sessions listed and those ended early (one the machine's sleep interrupted is listed, and counts for its streak day): sessions, minutes, average and longest. A streak is days in a row with a session, a day starting at meditation.day_starts_at (a session at 02:00 counts for the day before); the current streak is still alive until a day with none has passed.
                """)
        @OptionGroup var global: GlobalOptions
        @Flag(help: "Print one JSON object: {\"sessions\": [...], \"totals\": {...}}.") var json = false
        @Option(help: "From a local date on: YYYY-MM-DD.") var since: String?

        func validate() throws {
            if let since, CivilDate(iso: since) == nil {
                throw ValidationError("--since '\(since)' is not a date; give YYYY-MM-DD")
            }
        }

        struct SessionRow: Encodable {
            var id: String
            @TimestampText var startedAt: Date?
            var utcOffsetMinutes: Int
            var localDate: String
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
            let from = since.flatMap { CivilDate(iso: $0) }
            let listed = all.filter { session in from.map { session.localStart.date >= $0 } ?? true }
            let history = MeditationHistory(
                listed: listed, all: all, now: context.now, clock: context.wallClock, dayStartsAt: settings.time(.meditationDayStartsAt))
            let totals = history.totals
            if json {
                let sessions = history.days.flatMap(\.sessions).map {
                    SessionRow(
                        id: $0.id, startedAt: $0.startedAt, utcOffsetMinutes: $0.utcOffsetMinutes, localDate: $0.localStart.date.description,
                        plannedSeconds: $0.plannedSeconds, actualSeconds: $0.actualSeconds ?? 0, outcome: $0.outcome?.rawValue ?? "completed",
                        source: $0.source)
                }
                return try context.printJSON(
                    Output(
                        sessions: sessions,
                        totals: TotalsRow(
                            sessions: totals.sessions, minutes: Self.minutes(totals.seconds), averageMinutes: Self.minutes(totals.averageSeconds),
                            longestMinutes: Self.minutes(totals.longestSeconds), currentStreakDays: totals.currentStreakDays,
                            longestStreakDays: totals.longestStreakDays)))
            }
            guard !history.days.isEmpty else {
                return context.print(
                    from == nil
                        ? "No meditation sessions yet. Start one with: nudge meditate (or record one with: nudge meditations add --at TIME --minutes N)"
                        : "No meditation sessions since \(since ?? "")."
                )
            }
            var lines: [String] = []
            for day in history.days {
                let seconds = day.sessions.reduce(0) { $0 + ($1.actualSeconds ?? 0) }
                lines.append("\(day.date) (\(day.date.weekdayName)): \(MeditationTimer.minutes(seconds)) in \(day.sessions.count) session\(day.sessions.count == 1 ? "" : "s")")
                for session in day.sessions {
                    let time = LocalTime(hour: session.localStart.secondsOfDay / 3600, minute: session.localStart.secondsOfDay / 60 % 60)!
                    let manual = session.source == "manual" ? ", entered afterwards" : ""
                    lines.append(
                        "  \(time)  \(MeditationTimer.minutes(session.actualSeconds ?? 0))  \(Self.outcome(session))\(manual)  \(session.id.prefix(8))")
                }
            }
            lines.append("")
            lines.append(
                "\(totals.sessions) session\(totals.sessions == 1 ? "" : "s"), \(MeditationTimer.minutes(totals.seconds)); average \(Self.averageText(totals.averageSeconds)), longest \(MeditationTimer.minutes(totals.longestSeconds))"
            )
            lines.append("streak: \(Self.days(totals.currentStreakDays)) now, longest \(Self.days(totals.longestStreakDays))")
            context.print(lines.joined(separator: "\n"))
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

    struct Add: NudgeCommand {
        static let configuration = CommandConfiguration(abstract: "Record a session done elsewhere (source manual), completed.")
        @OptionGroup var global: GlobalOptions
        @Option(help: "When it began: \(InstantInput.accepted).") var at: String
        @Option(help: "How long, in minutes: 1 to 240.") var minutes: Int

        func validate() throws {
            guard (1...240).contains(minutes) else {
                throw ValidationError("--minutes \(minutes) is not from 1 to 240; give how long the session lasted")
            }
        }

        func run(_ context: CommandContext) throws {
            let now = context.now
            let startedAt: Date
            do {
                startedAt = try InstantInput.pastInstant(at, option: "--at", now: now, clock: context.wallClock, maximumAge: 366 * 86400)
            } catch { throw CommandFailure(error.description, exitCode: 64) }
            let offset = context.wallClock.offset(at: Int(startedAt.timeIntervalSince1970)) / 60
            let session = try context.openStore().run {
                try $0.addMeditation(startedAt: startedAt, seconds: minutes * 60, utcOffsetMinutes: offset, now: now)
            }
            context.print("recorded \(MeditationTimer.minutes(minutes * 60)) at \(context.understood(startedAt)) (id \(session.id.prefix(8)))")
        }
    }

    struct Delete: NudgeCommand {
        static let configuration = CommandConfiguration(abstract: "Delete one session from the history.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The session's id, or a unique prefix of at least 4 characters (nudge meditations lists 8).") var id: String

        static let ids = IDPrefix(what: "session", listedBy: "nudge meditations")

        func validate() throws { try Self.ids.validate(id) }

        func run(_ context: CommandContext) throws {
            let store = try context.openStore()
            let session = try Self.ids.resolve(try store.run { try $0.meditation(matching: id) }, prefix: id)
            guard !session.isRunning else {
                throw CommandFailure("that session is running; end it with: nudge meditate stop", exitCode: 64)
            }
            guard try store.run({ try $0.deleteMeditation(id: session.id) }) else {
                throw CommandFailure("that session changed meanwhile; nothing deleted", exitCode: 64)
            }
            context.print("deleted the \(MeditationTimer.minutes(session.actualSeconds ?? 0)) session of \(session.localStart.date) (id \(session.id.prefix(8)))")
        }
    }
}
