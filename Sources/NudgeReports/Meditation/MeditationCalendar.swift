import NudgeCore

/// The practice as a year in the terminal: a column per week, a row per weekday (Monday first,
/// as ISO 8601 counts weeks), each day shaded by its minutes, with today (▲) and the weeks of
/// the current streak (─) marked on the line below, within a width: the latest weeks where the
/// year's do not fit, and the sentences wrapped. Days are streak days: one starts at
/// `meditation.day_starts_at`, as the streaks `nudge meditations` prints count them.
public struct MeditationCalendar {
    /// Minutes a shade starts at, from the lightest: under 10, 10 to 19, 20 to 29, 30 or more.
    public static let shades: [(character: Character, fromMinutes: Int)] = [("░", 0), ("▒", 10), ("▓", 20), ("█", 30)]
    public static let none: Character = "·"

    public var sessions: [MeditationSession]
    public var year: Int
    /// The streak day of now.
    public var today: CivilDate
    public var dayStartsAt: LocalTime
    public var clock: WallClock

    public init(sessions: [MeditationSession], year: Int, today: CivilDate, dayStartsAt: LocalTime, clock: WallClock) {
        self.sessions = sessions
        self.year = year
        self.today = today
        self.dayStartsAt = dayStartsAt
        self.clock = clock
    }

    public func render(colour: Bool, width: Int) -> String {
        var seconds: [CivilDate: Int] = [:]
        for session in sessions where !session.isRunning {
            seconds[session.streakDay(dayStartsAt: dayStartsAt), default: 0] += session.actualSeconds ?? 0
        }
        let days = Set(seconds.keys)
        let streak = currentStreak(days)
        let first = CivilDate(year: year, month: 1, day: 1)
        let count = CivilDate(year: year + 1, month: 1, day: 1).daysSinceEpoch - first.daysSinceEpoch
        // Monday is row 0; `lead` days of the first column belong to the year before.
        let lead = (first.weekday + 6) % 7
        let columns = (lead + count + 6) / 7
        func date(row: Int, column: Int) -> CivilDate? {
            let index = column * 7 + row - lead
            return (0..<count).contains(index) ? first.adding(days: index) : nil
        }
        func column(of day: CivilDate) -> Int? {
            day.year == year ? (lead + day.daysSinceEpoch - first.daysSinceEpoch) / 7 : nil
        }

        let labels = weekdayLabels
        let margin = DisplayWidth.of(labels[0]) + 1
        // Days after today are not drawn: no month is named above them.
        let drawn = year < today.year ? columns : year > today.year ? 0 : (column(of: today) ?? 0) + 1
        // The first week shown: the latest weeks drawn are those that fit.
        let skipped = max(drawn - max(width - margin, 1), 0)
        // This year's latest month may be named past today's week, as far as the width goes.
        let room = year == today.year ? skipped + max(width - margin, 1) : drawn
        var lines = [monthLine(first: first, lead: lead, margin: margin, columns: skipped..<drawn, room: room)]
        for row in 0..<7 {
            let label = labels[(row + 1) % 7]
            let cells = (skipped..<columns).map { column -> String in
                guard let day = date(row: row, column: column), day <= today else { return " " }
                let cell = String(seconds[day].map(Self.shade) ?? Self.none)
                guard colour, seconds[day] != nil || day == today else { return cell }
                let style = (day == today ? "7;" : "") + (streak.contains(day) ? "1;32" : "32")
                return "\u{1B}[\(style)m\(cell)\u{1B}[0m"
            }
            lines.append(DisplayWidth.trimmed(label + " " + cells.joined()))
        }
        var marks = Array(repeating: Character(" "), count: margin + columns - skipped)
        for day in streak {
            if let column = column(of: day), column >= skipped { marks[margin + column - skipped] = "─" }
        }
        var markLine = String(marks)
        if let column = column(of: today) {
            marks[margin + column - skipped] = "▲"
            let today = String(marks.prefix(margin + column - skipped + 1))
            markLine = DisplayWidth.of(today) + 6 <= width ? today + " today" : today
        }
        if !DisplayWidth.trimmed(markLine).isEmpty { lines.append(DisplayWidth.trimmed(markLine)) }
        var sentences = summary(seconds: seconds, days: days, streak: streak)
        if skipped > 0, let shownFrom = date(row: 0, column: skipped) ?? date(row: 6, column: skipped) {
            sentences.append("the weeks before \(shownFrom) do not fit in \(width) columns")
        }
        lines += sentences.flatMap { DisplayWidth.wrapped($0, width) } + legend(width: width)
        return lines.joined(separator: "\n") + "\n"
    }

    /// The locale's short weekday names, Sunday first, in their first two columns, or in as few
    /// more as tell all seven apart (a name may differ only further on).
    private var weekdayLabels: [String] {
        let names = clock.weekdayAbbreviations.map { TextInput.oneLine($0) }
        let widest = names.map(DisplayWidth.of).max() ?? 2
        let width = (2...max(widest, 2)).first { width in Set(names.map { DisplayWidth.fitted($0, width) }).count == 7 }
        return names.map { DisplayWidth.fitted($0, width ?? max(widest, 2)) }
    }

    /// Each month's short name above the week its first day falls in, where it has room before
    /// the next name and lies within the `columns` drawn: whole, as the locale says the month
    /// alone (`juin`, `juil.`; a cut to three columns made both `jui`). The latest month drawn is
    /// always named, up to `room` (hostile round of issue 40 after A14: zh_CN's four-column `10月`
    /// left no room for `11月`, and `Dec` had none on the 2nd): the name before gives way.
    private func monthLine(first: CivilDate, lead: Int, margin: Int, columns: Range<Int>, room: Int) -> String {
        let week = { (month: Int) in
            (lead + CivilDate(year: year, month: month, day: 1).daysSinceEpoch - first.daysSinceEpoch) / 7
        }
        var placed: [(column: Int, label: String)] = []
        for month in 1...12 where columns.contains(week(month)) {
            let label = TextInput.oneLine(clock.monthLabels[month - 1]).trimmingCharacters(in: .whitespaces)
            let isLatest = month == 12 || !columns.contains(week(month + 1))
            guard
                week(month) + DisplayWidth.of(label) <= (isLatest ? max(room, columns.upperBound) : columns.upperBound)
            else { continue }
            let column = margin + week(month) - columns.lowerBound
            if let previous = placed.last, previous.column + DisplayWidth.of(previous.label) + 1 > column {
                guard isLatest else { continue }
                placed.removeLast()
            }
            placed.append((column, label))
        }
        var line = ""
        for (column, label) in placed {
            line += String(repeating: " ", count: column - DisplayWidth.of(line)) + label
        }
        return DisplayWidth.trimmed(line)
    }

    private func summary(seconds: [CivilDate: Int], days: Set<CivilDate>, streak: [CivilDate]) -> [String] {
        let inYear = seconds.filter { $0.key.year == year }
        let total = inYear.values.reduce(0, +)
        let through = year < today.year ? CivilDate(year: year, month: 12, day: 31) : today
        let longest = MeditationHistory.longestStreak(days.filter { $0.year == year }, through: through)
        var lines = [
            "\(year): \(Self.count(inYear.count, "day")) with a session, \(MeditationTimer.minutes(total)); the longest streak \(Self.count(longest, "day"))"
        ]
        if let start = streak.first, today.year == year {
            lines.append("the current streak: \(Self.count(streak.count, "day")), since \(start)")
        }
        return lines
    }

    /// The shades, as many to a line as the width holds, and when a day starts.
    private func legend(width: Int) -> [String] {
        let shades = Self.shades.enumerated().map { index, shade in
            let upper = index + 1 < Self.shades.count ? Self.shades[index + 1].fromMinutes - 1 : nil
            let range =
                switch (shade.fromMinutes, upper) {
                case (0, let upper?): "under \(upper + 1) minutes"
                case (let from, let upper?): "\(from) to \(upper)"
                case (let from, nil): "\(from) or more"
                }
            return "\(shade.character) \(range)"
        }
        var lines: [String] = []
        for key in ["\(Self.none) none"] + shades {
            if let last = lines.last, DisplayWidth.of(last) + 2 + DisplayWidth.of(key) <= width {
                lines[lines.count - 1] = last + "  " + key
            } else {
                lines.append(key)
            }
        }
        guard dayStartsAt != LocalTime(hour: 0, minute: 0) else { return lines }
        return lines
            + DisplayWidth.wrapped("a day starts at \(clock.text(dayStartsAt)) (meditation.day_starts_at)", width)
    }

    /// The days of the streak alive today (ending today, or yesterday while today has none yet).
    private func currentStreak(_ days: Set<CivilDate>) -> [CivilDate] {
        let length = MeditationHistory.currentStreak(days, today: today)
        let last = days.contains(today) ? today : today.adding(days: -1)
        return (0..<length).reversed().map { last.adding(days: -$0) }
    }

    public static func shade(_ seconds: Int) -> Character {
        shades.last { seconds / 60 >= $0.fromMinutes }!.character
    }

    public static func count(_ number: Int, _ unit: String) -> String { "\(number) \(unit)\(number == 1 ? "" : "s")" }

}
