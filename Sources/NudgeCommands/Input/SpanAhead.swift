import NudgeCore

/// `--in` as people say it (`DayCount.spanAhead`): a number of days (`3`, `3d`, `2w`, `1 week`),
/// which the command times on that day, or hours and minutes from now (`2h`, `90 min`), which is
/// an instant, as `--at 'in 2h'` gives it.
public enum SpanAhead: Sendable, Equatable {
    case days(Int)
    case instant(GivenInstant)

    public static func parse(_ text: String) throws(InputError) -> SpanAhead {
        guard let span = DayCount.spanAhead(text) else {
            if text.hasPrefix("-"), DayCount.spanAhead(String(text.dropFirst())) != nil {
                throw InputError("a span back, where --in counts ahead of now; give \(DayCount.spanExamples)")
            }
            throw InputError("not a span; give \(DayCount.spanExamples)")
        }
        switch span {
        case .days(let days): return .days(days)
        case .seconds(let seconds):
            guard seconds >= 60 else {
                throw InputError("less than a minute from now; give \(DayCount.spanExamples)")
            }
            return .instant(GivenInstant(text: "in \(text)", form: .ahead(span)))
        }
    }

    public var days: Int? {
        if case .days(let days) = self { days } else { nil }
    }

    public var instant: GivenInstant? {
        if case .instant(let instant) = self { instant } else { nil }
    }
}
