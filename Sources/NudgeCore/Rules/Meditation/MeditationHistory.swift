import Foundation

/// The history `nudge meditations` shows: sessions newest first, grouped by their streak day (a
/// day starts at `meditation.day_starts_at`, as the calendar and the streaks count it), with
/// totals and streaks.
public struct MeditationHistory: Sendable, Equatable {
    public struct Day: Sendable, Equatable {
        public var date: CivilDate
        public var sessions: [MeditationSession]
    }

    public struct Totals: Sendable, Equatable {
        public var sessions: Int
        public var seconds: Int
        public var averageSeconds: Int
        public var longestSeconds: Int
        public var currentStreakDays: Int
        public var longestStreakDays: Int
    }

    public var days: [Day]
    public var totals: Totals

    /// `listed` are the sessions shown (a `--since`); streaks are counted over `all` ended
    /// sessions, up to the streak day of `now`.
    public init(
        listed: [MeditationSession], all: [MeditationSession], now: Date, clock: WallClock, dayStartsAt: LocalTime
    ) {
        let kept = listed.filter { !$0.isRunning }.sorted { ($0.startedAt, $0.id) > ($1.startedAt, $1.id) }
        // Grouped, not split where the date changes: sessions dated in other zones need not
        // come in their days' order.
        let grouped = Dictionary(grouping: kept) { $0.streakDay(dayStartsAt: dayStartsAt) }
        days = grouped.sorted { $0.key > $1.key }.map { Day(date: $0.key, sessions: $0.value) }
        // The totals count completed sessions and those ended early; one the machine's sleep
        // interrupted is listed, and its day counts in streaks.
        let seconds = kept.filter { $0.outcome != .interrupted }.map { $0.actualSeconds ?? 0 }
        let streakDays = Set(all.filter { !$0.isRunning }.map { $0.streakDay(dayStartsAt: dayStartsAt) })
        let today = Self.streakDay(of: now, clock: clock, dayStartsAt: dayStartsAt)
        totals = Totals(
            sessions: seconds.count, seconds: seconds.reduce(0, +),
            averageSeconds: seconds.isEmpty ? 0 : seconds.reduce(0, +) / seconds.count,
            longestSeconds: seconds.max() ?? 0, currentStreakDays: Self.currentStreak(streakDays, today: today),
            longestStreakDays: Self.longestStreak(streakDays, through: today))
    }

    /// The streak day of an instant on this machine's clock.
    public static func streakDay(of instant: Date, clock: WallClock, dayStartsAt: LocalTime) -> CivilDate {
        MeditationSession.streakDay(of: clock.local(instant), dayStartsAt: dayStartsAt)
    }

    /// Days in a row with a session, ending today, or yesterday while today has none yet.
    public static func currentStreak(_ days: Set<CivilDate>, today: CivilDate) -> Int {
        var day = days.contains(today) ? today : today.adding(days: -1)
        var count = 0
        while days.contains(day) {
            count += 1
            day = day.adding(days: -1)
        }
        return count
    }

    public static func longestStreak(_ days: Set<CivilDate>, through today: CivilDate) -> Int {
        var longest = 0
        for day in days where day <= today && !days.contains(day.adding(days: -1)) {
            var length = 1
            while days.contains(day.adding(days: length)) && day.adding(days: length) <= today { length += 1 }
            longest = max(longest, length)
        }
        return longest
    }
}
