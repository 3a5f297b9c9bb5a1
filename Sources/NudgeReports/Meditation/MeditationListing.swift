import Foundation
import NudgeCore

/// `nudge meditations`: the sessions by streak day, newest first, and their totals, as a person
/// reads them or as one JSON object for a program, from the same history.
public struct MeditationListing {
    public var history: MeditationHistory
    public var clock: WallClock
    /// The first day asked for (`--since`), which an empty listing names.
    public var since: CivilDate?

    public init(history: MeditationHistory, clock: WallClock, since: CivilDate?) {
        self.history = history
        self.clock = clock
        self.since = since
    }

    public struct SessionRow: Encodable {
        public var id: String
        @TimestampText public var startedAt: Date?
        public var utcOffsetMinutes: Int
        public var localDate: String
        /// The day it is listed under and counts for (local date before day_starts_at: the day before).
        public var day: String
        public var plannedSeconds: Int
        public var actualSeconds: Int
        public var outcome: String
        public var source: String
    }

    public struct TotalsRow: Encodable {
        public var sessions: Int
        public var minutes: Double
        public var averageMinutes: Double
        public var longestMinutes: Double
        public var currentStreakDays: Int
        public var longestStreakDays: Int
    }

    /// `{"sessions": [...], "totals": {...}}`.
    public struct Output: Encodable {
        public var sessions: [SessionRow]
        public var totals: TotalsRow
    }

    public var output: Output {
        let totals = history.totals
        let sessions = history.days.flatMap { day in day.sessions.map { (day.date, $0) } }.map { day, session in
            SessionRow(
                id: session.id, startedAt: session.startedAt, utcOffsetMinutes: session.utcOffsetMinutes,
                localDate: session.localStart.date.description, day: day.description,
                plannedSeconds: session.plannedSeconds, actualSeconds: session.actualSeconds ?? 0,
                outcome: session.outcome?.rawValue ?? "completed", source: session.source)
        }
        return Output(
            sessions: sessions,
            totals: TotalsRow(
                sessions: totals.sessions, minutes: Self.minutes(totals.seconds),
                averageMinutes: Self.minutes(totals.averageSeconds),
                longestMinutes: Self.minutes(totals.longestSeconds),
                currentStreakDays: totals.currentStreakDays,
                longestStreakDays: totals.longestStreakDays))
    }

    /// A day a paragraph, its sessions under it, then the totals and the streaks; or what to do
    /// when there is nothing to list.
    public var text: String {
        guard !history.days.isEmpty else {
            return since.map { "No meditation sessions since \($0)." }
                ?? "No meditation sessions yet. Start one with: nudge meditate (or record one with: nudge meditations add --at TIME --minutes N)"
        }
        var lines: [String] = []
        for day in history.days {
            let seconds = day.sessions.reduce(0) { $0 + ($1.actualSeconds ?? 0) }
            lines.append(
                "\(day.date) (\(clock.weekdayName(day.date))): \(MeditationTimer.minutes(seconds)) in \(day.sessions.count) session\(day.sessions.count == 1 ? "" : "s")"
            )
            for session in day.sessions {
                let time = LocalTime(
                    hour: session.localStart.secondsOfDay / 3600, minute: session.localStart.secondsOfDay / 60 % 60)!
                let manual = session.source == "manual" ? ", entered afterwards" : ""
                lines.append(
                    "  \(clock.text(time))  \(MeditationTimer.minutes(session.actualSeconds ?? 0))  \(Self.outcome(session))\(manual)  \(session.id.prefix(8))"
                )
            }
        }
        let totals = history.totals
        lines.append("")
        lines.append(
            "\(totals.sessions) session\(totals.sessions == 1 ? "" : "s"), \(MeditationTimer.minutes(totals.seconds)); average \(Self.averageText(totals.averageSeconds)), longest \(MeditationTimer.minutes(totals.longestSeconds))"
        )
        lines.append(
            "streak: \(Self.days(totals.currentStreakDays)) now, longest \(Self.days(totals.longestStreakDays))")
        return lines.joined(separator: "\n")
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
