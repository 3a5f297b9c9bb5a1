import NudgeCore
import NudgeReports
import NudgeStore

/// `nudge meditations`: the sessions by day with totals and streaks, or the year as a calendar.
public enum MeditationsList {
    /// The sessions from `since` on (all without it), for a person or, with `json`, a program.
    case days(since: GivenDay?, json: Bool)
    /// The year drawn (the current one when nil), a column per week.
    case calendar(year: Int?)

    public func run(_ context: CommandContext) throws {
        let store = try context.openStoreForReading()
        let (all, settings) = try store.run { (try $0.meditations(), try $0.settings()) }
        // One day, one meaning: --since, the listing, the calendar and the streaks all count
        // a day from meditation.day_starts_at (a session at 03:06 belongs to the day before).
        let dayStartsAt = settings.time(.meditationDayStartsAt)
        let today = MeditationHistory.streakDay(of: context.now, clock: context.wallClock, dayStartsAt: dayStartsAt)
        switch self {
        case .calendar(let year):
            let calendar = MeditationCalendar(
                sessions: all, year: year ?? today.year, today: today, dayStartsAt: dayStartsAt,
                clock: context.wallClock)
            context.environment.output(
                calendar.render(colour: context.environment.takesEscapes, width: context.environment.width))
        case .days(let since, let json):
            let sinceDay = since?.resolved(today: today, direction: .past)
            let listed = all.filter { session in
                sinceDay.map { session.streakDay(dayStartsAt: dayStartsAt) >= $0 } ?? true
            }
            let history = MeditationHistory(
                listed: listed, all: all, now: context.now, clock: context.wallClock, dayStartsAt: dayStartsAt)
            let listing = MeditationListing(history: history, clock: context.wallClock, since: sinceDay)
            if json { return try context.printJSON(listing.output) }
            context.print(listing.text(width: context.environment.width))
        }
    }
}
