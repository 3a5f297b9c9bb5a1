/// A day as people say it: `today`, `yesterday`, `tomorrow`, a weekday (`monday`, `mon`),
/// `next friday` or `last monday`. Which date it is depends on today and on the direction: a
/// weekday that something happened on is the latest one, a weekday something will happen on the
/// next; `next friday` is the first Friday after today and `last monday` the latest Monday
/// before it, either way.
public enum SpokenDay: Sendable, Equatable {
    /// Days from today: -1 yesterday, 0 today, 1 tomorrow.
    case offset(Int)
    /// 0 for Sunday to 6 for Saturday, as `CivilDate.weekday`.
    case weekday(Int)
    /// The first of this weekday after today (0 for Sunday): `next friday`, which said on a
    /// Thursday is tomorrow, as GNU date reads it.
    case nextWeekday(Int)
    /// The latest of this weekday before today: `last monday`, a week ago said on a Monday.
    case lastWeekday(Int)

    public init?(_ typed: some StringProtocol) {
        let words = typed.lowercased().split(whereSeparator: \.isWhitespace)
        if words.count == 2, words[0] == "next" || words[0] == "last" {
            guard case .weekday(let weekday) = SpokenDay(words[1]) else { return nil }
            self = words[0] == "next" ? .nextWeekday(weekday) : .lastWeekday(weekday)
            return
        }
        guard words.count == 1 else { return nil }
        let word = String(words[0])
        switch word {
        case "today": self = .offset(0)
        case "yesterday": self = .offset(-1)
        case "tomorrow": self = .offset(1)
        default:
            // A name, or its first three letters or more (`wed`, `wednes`).
            guard word.count >= 3,
                let index = CivilDate.weekdayNames.firstIndex(where: { $0.lowercased().hasPrefix(word) })
            else { return nil }
            self = .weekday(index)
        }
    }

    /// Whether it names one date whatever the time asked for (`tomorrow`, `next friday`); a
    /// weekday alone is this week's or the one a week further.
    public var isOneDate: Bool {
        if case .weekday = self { false } else { true }
    }

    /// The dates it may name, nearest first in the direction: for a weekday, this week's and
    /// the one a week further (today's weekday may already be past the time asked for).
    public func candidates(from today: CivilDate, direction: InstantInput.Direction) -> [CivilDate] {
        switch self {
        case .offset(let days):
            return [today.adding(days: days)]
        case .weekday(let weekday):
            switch direction {
            case .past:
                let back = (today.weekday - weekday).floorMod(7)
                return [today.adding(days: -back), today.adding(days: -back - 7)]
            case .future:
                let ahead = (weekday - today.weekday).floorMod(7)
                return [today.adding(days: ahead), today.adding(days: ahead + 7)]
            }
        case .nextWeekday(let weekday):
            return [today.adding(days: (weekday - today.weekday - 1).floorMod(7) + 1)]
        case .lastWeekday(let weekday):
            return [today.adding(days: -((today.weekday - weekday - 1).floorMod(7) + 1))]
        }
    }

    /// The date for a whole day (`--since monday`, `--date yesterday`): the nearest in the direction,
    /// today included.
    public func date(from today: CivilDate, direction: InstantInput.Direction) -> CivilDate {
        candidates(from: today, direction: direction)[0]
    }
}
