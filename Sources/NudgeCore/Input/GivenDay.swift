/// A local day as a person typed it: `2026-11-20`, or a day in words (`today`, `yesterday`,
/// `tomorrow`, `monday`, `next friday`, `last monday`), which one resolved against today on the person's clock.
public enum GivenDay: Sendable, Equatable {
    case date(CivilDate)
    case spoken(SpokenDay)

    public static let accepted =
        "YYYY-MM-DD, today, yesterday, tomorrow, a weekday such as monday (the latest) or last monday (the latest before today)"
    /// For a day to come.
    public static let acceptedFuture =
        "YYYY-MM-DD, today, tomorrow, a weekday such as friday (the next one, today included) or next friday (the first after today: tomorrow, said on a Thursday)"

    /// For the day of something at a time (`--on` with `--at`).
    public static let acceptedAtTime =
        "YYYY-MM-DD, today, tomorrow, a weekday such as friday (the next one still ahead: today while its time is to come, else next week) or next friday (the first after today: tomorrow, said on a Thursday)"

    public init?(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let day = CivilDate(iso: trimmed), (1...9999).contains(day.year) {
            self = .date(day)
        } else if let day = SpokenDay(trimmed) {
            self = .spoken(day)
        } else {
            return nil
        }
    }

    /// The date of something at a time to come: a weekday alone is today only while
    /// `isToCome(today)` (its time today is still ahead), else a week on (hostile round of issue
    /// 40: the man page's `--on friday --at 18:00` was refused as passed on a Friday evening).
    public func resolvedToCome(today: CivilDate, isToCome: (CivilDate) -> Bool) -> CivilDate {
        let day = resolved(today: today, direction: .future)
        guard case .spoken(let spoken) = self, !spoken.isOneDate, day == today, !isToCome(today) else { return day }
        return today.adding(days: 7)
    }

    /// The date: a weekday is the latest one up to today for a day that has been, the next
    /// one from today for a day to come.
    public func resolved(today: CivilDate, direction: InstantInput.Direction) -> CivilDate {
        switch self {
        case .date(let day): day
        case .spoken(let day): day.date(from: today, direction: direction)
        }
    }
}
