import Foundation
import GRDB
import NudgeCore
import NudgeStore
import NudgeSystem
import NudgeTestSupport
import Testing

@testable import NudgeDaemon

extension DaemonTests {
    /// A backup named in the future (taken while the clock was wrong, or named by hand) is not
    /// the newest: the daemon still backs up at its start, and `restore --latest` takes the one
    /// it took, not the one from the future.
    @Test func aBackupNamedAheadOfNowDoesNotStopTheBackups() throws {
        let now = try #require(Timestamp.parse("2026-11-22T12:00:00Z"))
        let backups = store + ".backups"
        let setup = try Store(path: store, now: now)
        let ahead = try setup.backUp(into: backups, at: try #require(Timestamp.parse("2027-03-01T03:30:00Z")))
        let log = RecordedLog()
        try withDaemon(clock: DaemonClock(startingAt: now), notifier: FakeNotifier(), log: log, kinds: []) { _, _ in
            #expect(log.waitFor("backed up the store to"), "\(log.all)")
        }
        let listed = BackupDirectory.list(in: backups, now: now)
        #expect(listed.count == 2 && listed.last?.path == ahead.path, "\(listed.map(\.path))")
        #expect(
            BackupDirectory.newestSound(in: backups, now: now, identity: try setup.identity())?.path
                == listed.first?.path)
    }

    /// Another store's backup in the same directory, taken an hour before, is not this store's
    /// newest: the daemon backs its store up at its start, and its thinning (which keeps the
    /// newest of a day) leaves the other store's backup where it is.
    @Test func theDailyBackupLeavesAnotherStoresBackupInTheSameDirectory() throws {
        let now = try #require(Timestamp.parse("2026-11-22T12:00:00Z"))
        let backups = store + ".backups"
        let setup = try Store(path: store, now: now)
        let other = try Store(path: directory.file("other.sqlite"), now: now)
        let ofOther = try other.backUp(into: backups, at: now.addingTimeInterval(-3600))
        let log = RecordedLog()
        try withDaemon(clock: DaemonClock(startingAt: now), notifier: FakeNotifier(), log: log, kinds: []) { _, _ in
            #expect(log.waitFor("backed up the store to"), "\(log.all)")
        }
        let listed = BackupDirectory.list(in: backups, now: now)
        #expect(listed.count == 2 && listed.last?.path == ofOther.path, "\(listed.map(\.path))")
        #expect(listed.first?.origin == .store(try #require(try setup.identity())))
    }

    /// A backup that fails in a folder other stores share counts only this store's earlier
    /// backups as kept (issue 39, seventh round): the others keep nothing of it.
    @Test func aFailedBackupCountsOnlyThisStoresEarlierBackups() throws {
        let now = try #require(Timestamp.parse("2026-11-22T12:00:00Z"))
        let shared = directory.file("shared")
        let identity = try {
            let ours = try Store(path: store, now: now)
            _ = try ours.backUp(into: shared, at: now.addingTimeInterval(-86_400))
            return try ours.identity()
        }()
        let other = try Store(path: directory.file("other.sqlite"), now: now)
        for hours in [1.0, 2.0] { _ = try other.backUp(into: shared, at: now.addingTimeInterval(-3600 * hours)) }
        #expect(BackupDirectory.list(in: shared, now: now).count == 3)
        // The store turned into one SQLite cannot read (no backup can be taken), its identity
        // known from before. (At another path, a live store holding the identity, its backups
        // would be that store's: IdentityTwin.)
        for suffix in ["-wal", "-shm"] { unlink(store + suffix) }
        try Data(repeating: 0x6A, count: 8192).write(to: URL(fileURLWithPath: store))
        let outcome = DailyBackup(
            connection: DailyBackup.Connection(), storePath: store, directory: shared,
            identity: identity, takenAt: now, clock: WallClock(zone: .system("UTC"))
        ).run()
        #expect(outcome.failure != nil && outcome.backup == nil, "\(outcome)")
        #expect(outcome.earlierBackups == 1, "\(outcome)")
    }

    /// A twin's backup (another live store another program gave this store's identity, at
    /// another path and inode) taken an hour before is not this store's newest: the daemon
    /// backs its own store up at its start (issue 39: it counted the twin's, and took none).
    @Test func aTwinsBackupIsNotTheStoresNewest() throws {
        let now = try #require(Timestamp.parse("2026-11-22T12:00:00Z"))
        let backups = store + ".backups"
        let identity = try #require(try Store(path: store, now: now).identity())
        let twin = directory.file("twin.sqlite")
        _ = try Store(path: twin, now: now)
        try DatabaseQueue(path: twin).write {
            try $0.execute(
                sql: "UPDATE store_metadata SET value = ? WHERE key = 'store_identity'", arguments: [identity])
        }
        let ofTwin = try Store(path: twin, now: now).backUp(into: backups, at: now.addingTimeInterval(-3600))
        #expect(ofTwin.origin == .store(identity))
        let log = RecordedLog()
        try withDaemon(clock: DaemonClock(startingAt: now), notifier: FakeNotifier(), log: log, kinds: []) { _, _ in
            #expect(log.waitFor("backed up the store to"), "\(log.all)")
        }
        let listed = BackupDirectory.list(in: backups, now: now)
        #expect(listed.contains { $0.path == ofTwin.path }, "the twin's backup was thinned: \(listed.map(\.path))")
        #expect(listed.contains { $0.takenAt == now }, "\(listed.map(\.path))")
    }

    /// A newest backup that is junk, or a copy cut short, is no backup: the daemon backs the
    /// store up at its start all the same (it took none, silently, until the next night).
    @Test(arguments: ["junk", "cut short"])
    func aDamagedNewestBackupDoesNotStopTheBackups(_ damage: String) throws {
        let now = try #require(Timestamp.parse("2026-11-22T12:00:00Z"))
        let backups = store + ".backups"
        let setup = try Store(path: store, now: now)
        let earlier = try #require(Timestamp.parse("2026-11-22T11:00:00Z"))
        let damaged = try setup.backUp(into: backups, at: earlier)
        #expect(damaged.looksWhole)
        if damage == "junk" {
            try Data("junk\n".utf8).write(to: URL(fileURLWithPath: damaged.path))
        } else {
            #expect(truncate(damaged.path, off_t(damaged.size / 2)) == 0)
        }
        #expect(!BackupFile(path: damaged.path, takenAt: earlier, size: 0).looksWhole)
        let log = RecordedLog()
        try withDaemon(clock: DaemonClock(startingAt: now), notifier: FakeNotifier(), log: log, kinds: []) { _, _ in
            #expect(log.waitFor("backed up the store to"), "\(log.all)")
        }
        // The day's newest is kept, and it is the sound one: the damaged one was thinned.
        let listed = BackupDirectory.list(in: backups, now: now)
        #expect(listed.count == 1 && listed[0].path != damaged.path && listed[0].looksWhole, "\(listed)")
    }

    /// Another program's writes reach the store file itself once writes settle: the file alone
    /// (a copy, a sync tool) holds every commit, and the -wal is emptied.
    @Test func theStoreFileHoldsEveryCommitOnceWritesSettle() throws {
        let now = try #require(Timestamp.parse("2026-11-22T12:00:00Z"))
        let setup = try Store(path: store, now: now)
        try setup.setSetting(BackupPolicy.enabled, to: "false", at: now)
        let log = RecordedLog()
        try withDaemon(clock: DaemonClock(startingAt: now), notifier: FakeNotifier(), log: log, kinds: []) { _, _ in
            #expect(log.waitFor("rescheduled (start)"), "\(log.all)")
            for index in 0..<5 {
                try setup.addSymptom(name: "s\(index)", severity: 2, notes: nil, loggedAt: now, now: now)
            }
            func inTheFileAlone() -> Int? {
                var configuration = Configuration()
                configuration.readonly = true
                return try? DatabaseQueue(path: "file:\(store)?immutable=1", configuration: configuration).read { db in
                    try Int.fetchOne(db, sql: "SELECT count(*) FROM symptom_entries")
                }
            }
            #expect(
                FileEvents.waitUntil(watching: [directory.path], timeout: 30) { inTheFileAlone() == 5 }, "\(log.all)")
            // Then, nothing written since, the -wal is emptied: it does not stay at its largest.
            func walSize() -> Int? {
                (try? FileManager.default.attributesOfItem(atPath: store + "-wal"))?[.size] as? Int
            }
            #expect(
                FileEvents.waitUntil(watching: [directory.path], timeout: 30) { walSize() == 0 },
                "\(String(describing: walSize())) \(log.all)")
        }
    }
}

extension DaemonTests {
    /// Damage where every plan reads (the deliveries' table): nothing can be planned, and the
    /// person is told at once, naming the newest sound backup, rather than hearing nothing for
    /// good; the plans after it say nothing more.
    @Test func damageThatStopsThePlansIsShownAtOnce() throws {
        let taken = try #require(Timestamp.parse("2026-11-20T12:00:00Z"))
        let backups = store + ".backups"
        do {
            let setup = try Store(path: store, now: taken)
            _ = try setup.backUp(into: backups, at: taken)
        }
        try overwriteRootPage(of: "reminder_deliveries", with: Data(repeating: 0xFF, count: 4096))
        let notifier = FakeNotifier()
        let log = RecordedLog()
        let clock = DaemonClock(startingAt: Timestamp.parse("2026-11-22T12:00:00Z"))
        try withDaemon(clock: clock, notifier: notifier, log: log) { daemon, _ in
            #expect(notifier.showed.wait(timeout: .now() + 30) == .success, "\(log.all)")
            #expect(log.waitFor("nothing can be planned from it"), "\(log.all)")
            daemon.clockWasSet()
            #expect(log.waitFor("the store \(store) is damaged", count: 2), "\(log.all)")
        }
        let shown = notifier.shown.withLock { $0 }
        #expect(shown.map(\.title) == ["The store is damaged"], "\(log.all)")
        #expect(
            shown.first?.body.contains(
                "Restore the backup of 2026-11-20 12:00 with: nudge --store \(store) restore --latest") == true,
            "\(shown)")
    }
}

extension DaemonTests {
    /// Damage SQLite finds where it reads `table`: the store's changes checkpointed into its
    /// file, then the table's root page overwritten with `bytes` (one page).
    func overwriteRootPage(of table: String, with bytes: Data) throws {
        let root = try DatabaseQueue(path: store).writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
            return try Int.fetchOne(db, sql: "SELECT rootpage FROM sqlite_master WHERE name = ?", arguments: [table])
                ?? 0
        }
        let handle = try #require(FileHandle(forUpdatingAtPath: store))
        try handle.seek(toOffset: UInt64((root - 1) * 4096))
        handle.write(bytes)
        try handle.close()
    }
}
