import NudgeCore

/// What one cell of the symptom chart covers: the shortest span whose cells fit in the room.
public enum ChartSpan: CaseIterable {
    case day, week, month, year

    public static func fitting(first: CivilDate, last: CivilDate, in room: Int) -> ChartSpan {
        allCases.first { $0.cells(first, last) <= room } ?? .year
    }

    public func cells(_ first: CivilDate, _ last: CivilDate) -> Int { cell(of: last, first: first) + 1 }

    public func cell(of day: CivilDate, first: CivilDate) -> Int {
        switch self {
        case .day: day.daysSinceEpoch - first.daysSinceEpoch
        case .week: (day.daysSinceEpoch - first.daysSinceEpoch) / 7
        case .month: (day.year - first.year) * 12 + day.month - first.month
        case .year: day.year - first.year
        }
    }

    /// A label below every `labelEvery` cells: the first day as MM-DD, a month as YYYY-MM, a year.
    public var labelEvery: Int { self == .year ? 5 : self == .month ? 12 : 7 }
    public var labelWidth: Int { self == .year ? 4 : self == .month ? 7 : 5 }

    public func label(ofCell cell: Int, first: CivilDate) -> String {
        switch self {
        case .day: String(first.adding(days: cell).description.dropFirst(5))
        case .week: String(first.adding(days: cell * 7).description.dropFirst(5))
        case .month:
            String(
                CivilDate(
                    year: first.year + (first.month - 1 + cell) / 12, month: (first.month - 1 + cell) % 12 + 1, day: 1
                )
                .description.prefix(7))
        case .year: String(first.year + cell)
        }
    }

    /// Why a cell is this long, said only when a shorter one did not fit.
    public func sentence(width: Int) -> String {
        switch self {
        case .day: "a day"
        case .week: "a week (the days do not fit in \(width) columns)"
        case .month: "a month (the weeks do not fit in \(width) columns)"
        case .year: "a year (the months do not fit in \(width) columns)"
        }
    }
}
