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
    /// when there is nothing to list. Within `width` columns: a line wider wraps, a number kept
    /// with its unit, and a session's outcome goes under its time (issue 40: 60 columns at 40).
    public func text(width: Int) -> String {
        guard !history.days.isEmpty else {
            let empty =
                since.map { "No meditation sessions since \($0)." }
                ?? "No meditation sessions yet. Start one with: nudge meditate (or record one with: nudge meditations add --at TIME --minutes N)"
            return TextWrap.lines(empty, width: width).joined(separator: "\n")
        }
        var lines: [String] = []
        for day in history.days {
            let seconds = day.sessions.reduce(0) { $0 + ($1.actualSeconds ?? 0) }
            lines += Self.wrapped(
                "\(day.date) (\(clock.weekdayName(day.date))): \(MeditationTimer.minutes(seconds)) in \(day.sessions.count) session\(day.sessions.count == 1 ? "" : "s")",
                width: width, hanging: DisplayWidth.of("\(day.date) "))
            for session in day.sessions { lines += row(session, width: width) }
        }
        let totals = history.totals
        lines.append("")
        lines += Self.wrapped(
            "\(totals.sessions) session\(totals.sessions == 1 ? "" : "s"), \(MeditationTimer.minutes(totals.seconds)); average \(Self.averageText(totals.averageSeconds)), longest \(MeditationTimer.minutes(totals.longestSeconds))",
            width: width)
        lines += Self.wrapped(
            "streak: \(Self.days(totals.currentStreakDays)) now, longest \(Self.days(totals.longestStreakDays))",
            width: width)
        return lines.joined(separator: "\n")
    }

    /// `  07:00  20 minutes  completed, entered afterwards  8e2fe5ed`, or where that is wider
    /// than `width`, the outcome on lines of its own under the minutes.
    private func row(_ session: MeditationSession, width: Int) -> [String] {
        let seconds = session.localStart.secondsOfDay
        let time = clock.text(LocalTime(hour: seconds / 3600, minute: seconds / 60 % 60)!)
        let minutes = MeditationTimer.minutes(session.actualSeconds ?? 0)
        let outcome = Self.outcome(session) + (session.source == "manual" ? ", entered afterwards" : "")
        let id = session.id.prefix(8)
        let whole = "  \(time)  \(minutes)  \(outcome)  \(id)"
        guard DisplayWidth.of(whole) > width else { return [whole] }
        let indent = String(repeating: " ", count: 4 + DisplayWidth.of(time))
        let head = "  \(time)  \(minutes)  \(id)"
        // Narrower still (COLUMNS=20), the id goes under the minutes too.
        let first = DisplayWidth.of(head) <= width ? [head] : ["  \(time)  \(minutes)", indent + id]
        return first + TextWrap.narrow(outcome, width: width - indent.count).map { indent + $0 }
    }

    /// Prose wrapped at spaces, never between a number and its unit (`20 minutes`), the lines
    /// after the first indented by `hanging` so that they read as its own.
    /// Where `hanging` would leave under 20 columns, the lines after the first hang by 2.
    static func wrapped(_ text: String, width: Int, hanging: Int = 2) -> [String] {
        guard DisplayWidth.of(text) > width else { return [text] }
        // A number and the word after it (`20 minutes`), not a date and what follows it.
        let kept = text.replacing(#/(\d) (?=\p{L})/#) { "\($0.output.1)\u{00A0}" }
        let hanging = width - hanging >= 20 ? hanging : 2
        return TextWrap.narrow(kept, width: width - hanging).enumerated().map {
            ($0.offset == 0 ? "" : String(repeating: " ", count: hanging))
                + $0.element.replacingOccurrences(of: "\u{00A0}", with: " ")
        }
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
