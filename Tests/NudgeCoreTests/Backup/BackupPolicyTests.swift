import Foundation
import NudgeCore
import Testing

/// When the daemon backs up, and which backups it keeps (restic's keep-daily 7, keep-weekly 5,
/// keep-monthly 12), on a clock of its own: nothing here depends on today.
struct BackupPolicyTests {
    let clock = WallClock(zone: .system("America/New_York"))
    let time = LocalTime(hour: 3, minute: 30)!

    func local(_ text: String) -> Date { Timestamp.parse(text)! }

    /// A year of nightly backups at 03:30, thinned after each as the daemon does.
    @Test func aYearOfNightlyBackupsKeepsSevenDaysFiveWeeksAndTwelveMonths() {
        let first = CivilDate(year: 2026, month: 1, day: 1)
        var kept: [Date] = []
        for day in 0..<400 {
            kept.append(clock.instant(on: first.adding(days: day), at: time)!)
            kept = kept.filter(BackupPolicy.kept(kept, clock: clock).contains)
        }
        let days = kept.sorted().map { clock.date(of: $0).description }
        // The last night is 2027-02-04, a Thursday: its 7 days; the Sundays that end the 3
        // weeks before its own and the last one (2027-01-31); the last days of the 10 months
        // before the 2 those have.
        #expect(
            days == [
                "2026-03-31", "2026-04-30", "2026-05-31", "2026-06-30", "2026-07-31", "2026-08-31", "2026-09-30",
                "2026-10-31", "2026-11-30",
                "2026-12-31", "2027-01-10", "2027-01-17", "2027-01-24", "2027-01-29", "2027-01-30", "2027-01-31",
                "2027-02-01", "2027-02-02",
                "2027-02-03", "2027-02-04",
            ], "\(days)")
    }

    @Test func theNewestIsAlwaysKeptAndTwoOnOneDayKeepTheLater() {
        let early = local("2026-11-20T08:00:00Z")
        let late = local("2026-11-20T20:00:00Z")
        #expect(BackupPolicy.kept([early, late], clock: clock) == [late])
        #expect(BackupPolicy.kept([early], clock: clock) == [early])
        #expect(BackupPolicy.kept([], clock: clock).isEmpty)
    }

    @Test func theFirstBackupIsDueAtOnce() {
        let now = local("2026-11-24T19:00:00Z")
        #expect(BackupPolicy.nextBackup(newest: nil, now: now, starting: false, time: time, clock: clock) == now)
    }

    /// At the start a newest older than a day is due at once; while running, the next comes
    /// at the first 03:30 an hour or more after the newest.
    @Test func nightlyAt0330AndAtTheStartWhenOlderThanADay() {
        let now = local("2026-11-24T19:00:00Z")  // 14:00 EST
        let lastNight = local("2026-11-24T08:30:00Z")  // 03:30 EST
        #expect(
            BackupPolicy.nextBackup(newest: lastNight, now: now, starting: true, time: time, clock: clock)
                == local("2026-11-25T08:30:00Z"))
        let twoDaysAgo = local("2026-11-22T19:00:00Z")
        #expect(BackupPolicy.nextBackup(newest: twoDaysAgo, now: now, starting: true, time: time, clock: clock) == now)
        // Running: the slot after it, in the past, so due at once.
        #expect(
            BackupPolicy.nextBackup(newest: twoDaysAgo, now: now, starting: false, time: time, clock: clock)
                == local("2026-11-23T08:30:00Z"))
        // Taken at a 14:00 start: that night, 13.5 hours later.
        #expect(
            BackupPolicy.nextBackup(newest: now, now: now, starting: false, time: time, clock: clock)
                == local("2026-11-25T08:30:00Z"))
        // Taken at 23:00: that night too, 4.5 hours later, so that what is written after it is
        // backed up each night (hostile round 15: it waited a day).
        let lateEvening = local("2026-11-25T04:00:00Z")
        #expect(
            BackupPolicy.nextBackup(newest: lateEvening, now: lateEvening, starting: false, time: time, clock: clock)
                == local("2026-11-25T08:30:00Z"))
        // Taken at 03:00, within the hour before: it stands for that night's.
        let justBefore = local("2026-11-25T08:00:00Z")
        #expect(
            BackupPolicy.nextBackup(newest: justBefore, now: justBefore, starting: false, time: time, clock: clock)
                == local("2026-11-26T08:30:00Z"))
    }

    /// 02:30 does not exist on the spring-forward night: the backup is at the gap's end.
    @Test func aTimeInTheSpringForwardGapComesAtItsEnd() {
        let before = local("2027-03-13T07:30:00Z")  // 02:30 EST, the night before the change
        let next = BackupPolicy.nextBackup(
            newest: before, now: before, starting: false, time: LocalTime(hour: 2, minute: 30)!, clock: clock)
        #expect(next == local("2027-03-14T07:00:00Z"), "03:00 EDT")
    }

    @Test func theDirectorySettingTakesOnlyAbsolutePaths() {
        let kind = BackupPolicy.directory.valueKind
        #expect(kind.canonical("/home/me/backups/") == "/home/me/backups")
        #expect(kind.canonical("/") == "/")
        #expect(kind.canonical("backups") == nil)
        #expect(kind.canonical("") == "", "empty: beside the store, the default")
        #expect(kind.canonical("/home/me/\u{7}x") == nil)
        #expect(BackupPolicy.directory.defaultValue == "")
    }

    /// A failed backup says the earlier ones are kept only when there are some.
    @Test func aFailedBackupSaysWhatIsKept() {
        let body = { (earlier: Int) in
            StoreSafetyWarning.backupFailed(reason: "the disk is full", earlierBackups: earlier).body
        }
        #expect(body(0) == "The disk is full. There is no earlier backup; \(SuggestedCommand.doctor) says more.")
        #expect(body(1).contains("The earlier backup is kept;"))
        #expect(body(3).contains("The 3 earlier backups are kept;"))
    }

    /// Damage whose backups cannot be known (an unreadable STORE.backup-location, eighth round:
    /// the daemon said "there is no sound backup" beside one) names none and says none is missing.
    @Test func damageWithBackupsUnknownSaysNothingOfThem() {
        let body = { (known: Bool, newest: String?) in
            StoreSafetyWarning.damaged(
                problem: "it is empty, and F cannot be read", restoreFrom: newest, command: "nudge restore --latest",
                backupsKnown: known
            ).body
        }
        #expect(
            body(false, nil)
                == "nudge cannot use the store: it is empty, and F cannot be read. Keep a copy of the file before anything else writes to it."
        )
        #expect(body(false, "2026-11-24 03:30") == body(false, nil))
        #expect(body(true, nil).contains("there is no sound backup"))
        #expect(body(true, "2026-11-24 03:30").contains("Restore the backup of 2026-11-24 03:30"))
    }
}
