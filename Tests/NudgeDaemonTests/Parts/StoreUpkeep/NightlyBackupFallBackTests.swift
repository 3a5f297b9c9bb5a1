import Foundation
import Logging
import NudgeCore
import NudgeStore
import NudgeTestSupport
import Testing

@testable import NudgeDaemon

/// The night the clocks go back, with `backup.time` in the repeated hour (issue 39, round 27
/// Low 9): the nightly backup is taken at the time's first reading, and a daemon started after
/// its second reading, which finds that backup in the folder, takes no second one that night.
/// Fixed instants of fall-back nights: nothing here depends on today.
struct NightlyBackupFallBackTests {
    let directory = TemporaryDirectory()
    var store: String { directory.file("nudge.sqlite") }

    /// A zone, its fall-back night's two readings of 01:30, and the next night's 01:30.
    struct Night: Sendable, CustomTestStringConvertible {
        var zone: String
        var first: String
        var second: String
        var nextNight: String
        var testDescription: String { zone }
    }

    static let nights = [
        // 01:30 BST, then 01:30 GMT; 2026-10-26 01:30 GMT.
        Night(
            zone: "Europe/London", first: "2026-10-25T00:30:00Z", second: "2026-10-25T01:30:00Z",
            nextNight: "2026-10-26T01:30:00Z"),
        // 01:30 EDT, then 01:30 EST; 2026-11-02 01:30 EST.
        Night(
            zone: "America/New_York", first: "2026-11-01T05:30:00Z", second: "2026-11-01T06:30:00Z",
            nextNight: "2026-11-02T06:30:00Z"),
    ]

    @Test(arguments: nights) func aDaemonStartedAfterTheRepeatedHourTakesNoSecondBackup(_ night: Night) throws {
        let first = try #require(Timestamp.parse(night.first))
        let second = try #require(Timestamp.parse(night.second))
        let setup = try Store(path: store, now: first)
        try setup.setSetting(BackupPolicy.time, to: "01:30", at: first)
        _ = try setup.backUp(into: store + ".backups", at: first)
        let clock = WallClock(zone: .system(night.zone))
        // Started ten minutes after the second 01:30: the night's backup is in the folder.
        let now = second.addingTimeInterval(600)
        let keeper = BackupKeeper(store: setup, storePath: store, events: try EventQueue(), logger: .quiet)
        defer { keeper.waitForRunning() }
        let due = keeper.keep(
            settings: try setup.settings(), starting: true, now: now, dataVersion: 0, wallClock: clock)
        #expect(due == Timestamp.parse(night.nextNight), "a second backup started (nil), or due at \(due as Any)")
    }

    /// A daemon that ran through the night: the backup at the first 01:30 is the night's, the
    /// next is the following night's.
    @Test(arguments: nights) func theBackupAtTheFirstReadingIsTheNights(_ night: Night) throws {
        let first = try #require(Timestamp.parse(night.first))
        let time = LocalTime(hour: 1, minute: 30)!
        let clock = WallClock(zone: .system(night.zone))
        #expect(
            BackupPolicy.nextBackup(newest: first, now: first, starting: false, time: time, clock: clock)
                == Timestamp.parse(night.nextNight))
        // One taken by hand within the hour before the first reading stands for the night too.
        let byHand = first.addingTimeInterval(-1800)
        #expect(
            BackupPolicy.nextBackup(newest: byHand, now: byHand, starting: false, time: time, clock: clock)
                == Timestamp.parse(night.nextNight))
        // Missed at its first reading (the computer was off): due at once when it is back.
        let nightBefore = first.addingTimeInterval(-86_400 + 3600)
        #expect(
            BackupPolicy.nextBackup(newest: nightBefore, now: first, starting: false, time: time, clock: clock)
                == first)
    }
}
