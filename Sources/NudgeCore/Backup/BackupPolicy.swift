import Foundation

/// When the daemon backs the store up, and which backups it keeps.
///
/// Kept as restic's `forget --keep-daily 7 --keep-weekly 5 --keep-monthly 12` keeps snapshots:
/// going from the newest back, a backup is kept when it is the newest of a local day among the
/// 7 most recent days that have one, of an ISO week (Monday to Sunday) among the 5 most recent
/// such weeks, or of a calendar month among the 12 most recent such months. One backup may
/// count for several. Everything else is removed, but a backup of one of those 7 days that holds
/// rows the newest backup lacks (`isAmongDailyDays`); the newest is always kept.
public enum BackupPolicy {
    public static let enabled = SettingKey("backup.enabled", .boolean, default: "true")
    public static let time = SettingKey("backup.time", .timeOfDay, default: "03:30")
    /// Empty: `STORE.backups` beside the store.
    public static let directory = SettingKey("backup.directory", .absoluteDirectory, default: "")

    public static let keepDaily = 7
    public static let keepWeekly = 5
    public static let keepMonthly = 12

    /// The backups to keep among those taken at `instants`, by `clock`'s local days.
    public static func kept(_ instants: [Date], clock: WallClock) -> Set<Date> {
        let newestFirst = instants.sorted(by: >)
        var kept: Set<Date> = []
        func keep(count: Int, bucket: (CivilDate) -> Int) {
            var last: Int?
            var taken = 0
            for instant in newestFirst where taken < count {
                let key = bucket(clock.date(of: instant))
                guard key != last else { continue }
                last = key
                taken += 1
                kept.insert(instant)
            }
        }
        keep(count: keepDaily) { $0.daysSinceEpoch }
        // 1970-01-05 was a Monday: weeks counted from it start on Mondays.
        keep(count: keepWeekly) { ($0.daysSinceEpoch - 4).floorDivided(by: 7) }
        keep(count: keepMonthly) { $0.year * 12 + $0.month }
        return kept
    }

    /// Whether `instant` is on one of the `keepDaily` most recent local days among `instants`:
    /// there a backup the policy would remove is kept while it holds rows the newest lacks, and
    /// goes when its day is older, as a day's own backup would (the folder's growth stays bounded).
    public static func isAmongDailyDays(_ instant: Date, of instants: [Date], clock: WallClock) -> Bool {
        let days = Set(instants.map { clock.date(of: $0).daysSinceEpoch }).sorted(by: >).prefix(keepDaily)
        return days.contains(clock.date(of: instant).daysSinceEpoch)
    }

    /// When the next backup is due (at or before `now`: take one now).
    ///
    /// None yet: now. At the daemon's start (or resume) a newest older than a day: now. Else at
    /// the first `time` an hour or more after the newest: each night, as README promises, so
    /// that an evening's entries after a backup at 23:00 are backed up that night, not a day
    /// later; only one taken within the hour before (at the start, or by hand) stands for that
    /// night's. A `time` missed while the computer slept or was off is past, hence due at once.
    /// On the night the clocks go back a `time` in the repeated hour is read twice: only its
    /// first reading is the night's, so one taken then (or within the hour before) stands for
    /// the second too, whether or not the daemon was restarted between.
    public static func nextBackup(newest: Date?, now: Date, starting: Bool, time: LocalTime, clock: WallClock) -> Date {
        guard let newest else { return now }
        if starting, now.timeIntervalSince(newest) >= 86_400 { return now }
        let earliest = newest.addingTimeInterval(3600)
        var day = clock.date(of: earliest)
        for _ in 0..<3 {
            if let slot = clock.instants(on: day, at: time).first, slot >= earliest { return slot }
            day = day.adding(days: 1)
        }
        return newest.addingTimeInterval(86_400)
    }
}

extension Int {
    fileprivate func floorDivided(by divisor: Int) -> Int {
        (self - (self % divisor + divisor) % divisor) / divisor
    }
}
