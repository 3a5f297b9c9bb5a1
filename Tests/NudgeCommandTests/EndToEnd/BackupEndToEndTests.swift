import Foundation
import GRDB
import NudgeCommands
import NudgeCore
import NudgeTestSupport
import Testing

/// Automatic verified backups and restore (issue 26) on the real binary.
@Suite(.ownThread, .daemonOnBus)
struct BackupEndToEndTests: DaemonScenario {
    var backups: String { store + ".backups" }

    /// Runs a command that may fail.
    func attempt(_ arguments: String..., at fakeNow: String? = nil) throws -> CommandResult {
        var environment = self.environment
        environment["NUDGE_FAKE_NOW"] = fakeNow
        return try NudgeBinary.run(arguments, environment: environment)
    }

    func backupFiles() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: backups)) ?? []).filter { $0.hasPrefix("nudge-") }
            .sorted()
    }

    func mode(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? Int) ?? -1
    }

    func logSymptoms(_ count: Int) throws {
        for index in 0..<count {
            try nudge("log", "symptom", "s\(index)", "--severity", "3", "--confirm-duplicate")
        }
    }

    @Test func aNewStoreIsBackedUpAtTheStartAndNotAgainWithinADay() throws {
        try logSymptoms(2)
        let daemon = try startDaemon()
        #expect(daemon.waitForLog("backed up the store to \(backups)/nudge-"), "\(daemon.stderr)")
        let files = backupFiles()
        #expect(files.count == 1)
        #expect(mode(backups) == 0o700 && mode(backups + "/" + files[0]) == 0o600)
        #expect(!files.contains { $0.hasSuffix("-wal") }, "a backup is one self-contained file")
        let listed = try #require(
            try JSONSerialization.jsonObject(with: Data(nudge("backups", "--json").stdout.utf8)) as? [[String: Any]])
        #expect(listed.count == 1 && listed[0]["check"] as? String == "ok")
        #expect((listed[0]["counts"] as? [String: Int])?["diary_entries"] == 2)
        daemon.signal(SIGTERM)
        _ = daemon.waitForExit(timeout: 10)
        let again = try startDaemon(log: "again.err")
        #expect(again.waitForEvent("rescheduled", ["reason": "start"]), "\(again.stderr)")
        #expect(!again.stderr.contains("backed up"), "the newest is younger than a day")
        #expect(backupFiles() == files)
    }

    /// Files named for 400 nightly backups (each a copy of one, with the instant inside it made
    /// its name's), then one more: what stays is what the policy keeps.
    @Test func thinningKeepsExactlyWhatThePolicySaysOverAYear() throws {
        let clock = WallClock(zone: .system("America/New_York"))
        let last = CivilDate(year: 2027, month: 2, day: 4)
        let lastNight = clock.instant(on: last, at: LocalTime(hour: 3, minute: 30)!)!
        try logSymptoms(1)
        try nudge("backup", at: Timestamp.format(lastNight.addingTimeInterval(-400 * 86_400)))
        let template = backups + "/" + backupFiles()[0]
        var instants: [Date] = []
        for day in 1..<400 {
            let instant = clock.instant(on: last.adding(days: day - 400), at: LocalTime(hour: 3, minute: 30)!)!
            instants.append(instant)
            let name = "nudge-" + Timestamp.format(instant).filter { $0 != "-" && $0 != ":" } + ".sqlite"
            if !FileManager.default.fileExists(atPath: backups + "/" + name) {
                try FileManager.default.copyItem(atPath: template, toPath: backups + "/" + name)
                try DatabaseQueue(path: backups + "/" + name).write { db in
                    try db.execute(
                        sql: "UPDATE store_metadata SET value = ? WHERE key = 'backup_taken_at'",
                        arguments: [Timestamp.format(instant)])
                }
            }
        }
        try nudge("backup", at: Timestamp.format(lastNight))
        instants.append(lastNight)
        let kept = BackupPolicy.kept(instants + [lastNight.addingTimeInterval(-400 * 86_400)], clock: clock)
        let expected = kept.map { "nudge-" + Timestamp.format($0).filter { $0 != "-" && $0 != ":" } + ".sqlite" }
            .sorted()
        #expect(backupFiles() == expected)
        #expect(expected.count == 20, "7 days, 5 weeks, 12 months, overlapping")
    }

    /// A second backup the same day removes the first (the thinning keeps the newest of a
    /// day), and says which.
    @Test func aSecondBackupTheSameDaySaysWhatItRemoved() throws {
        try logSymptoms(1)
        let first = try nudge("backup", at: "2026-11-22T09:00:00-05:00")
        #expect(!first.stdout.contains("removed"), "\(first)")
        let second = try nudge("backup", at: "2026-11-22T10:00:00-05:00")
        #expect(
            second.stdout.hasSuffix(
                "; removed as the daily backups are kept (nudge(5)): nudge-20261122T140000Z.sqlite\n"), "\(second)")
        #expect(backupFiles() == ["nudge-20261122T150000Z.sqlite"])
    }

    enum Damage: String, CaseIterable { case truncatedToHalf, pageOfZeros }

    /// A damaged store is refused with the backup named; restore --latest brings back what the
    /// backup had and keeps the damaged file.
    @Test(arguments: Damage.allCases) func aDamagedStoreIsRefusedAndRestored(_ damage: Damage) throws {
        try logSymptoms(3)
        try nudge("backup")
        try logSymptoms(1)
        let root = try #require(
            Int(
                try StoreQuery.rows(store, "SELECT rootpage FROM sqlite_master WHERE name = 'symptom_entries'").first?[
                    "rootpage"] ?? ""))
        try DatabaseQueue(path: store).writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
        }
        let handle = try #require(FileHandle(forUpdatingAtPath: store))
        switch damage {
        case .truncatedToHalf:
            let size = try handle.seekToEnd()
            try handle.truncate(atOffset: size / 2 / 4096 * 4096)
        case .pageOfZeros:
            try handle.seek(toOffset: UInt64((root - 1) * 4096))
            handle.write(Data(count: 4096))
        }
        try handle.close()
        let damagedBytes = StoreDump.bytes(store)
        let refused = try attempt("symptoms", "--days", "30")
        #expect(refused.status == 65, "\(refused)")
        #expect(
            refused.stderr.contains("is damaged") && refused.stderr.contains("restore the backup of ")
                && refused.stderr.contains("restore --latest"), "\(refused.stderr)")
        #expect(refused.stderr.split(separator: "\n").count == 1)
        let restored = try nudge("restore", "--latest", "--yes")
        #expect(
            restored.stdout.contains("restored the backup of ")
                && restored.stdout.contains("the store before the restore is kept at \(store).before-restore-"),
            "\(restored)")
        let entries = try rows("SELECT count(*) AS n FROM symptom_entries")
        #expect(entries.first?["n"] == "3")
        #expect(try attempt("symptoms", "--days", "30").status == 0)
        let kept = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter {
            $0.hasPrefix("nudge.sqlite.before-restore-") && !$0.hasSuffix("-wal")
        }
        #expect(kept.count == 1)
        #expect(StoreDump.bytes(directory.file(kept[0]))?.count == damagedBytes?.count, "kept whole, as it was")
    }

    /// Another file renamed over the store while the daemon runs (a sync tool, or a restore
    /// SQLite could not write into): the daemon empties the old file's WAL, starts again in the
    /// same process on the new file, and shows what that file has due. The new file is read
    /// whole and alone: no page of the old file's WAL reaches it.
    @Test func aStoreReplacedByARenameIsFollowedInTheSameProcess() throws {
        try nudge("settings", "set", "symptom.reminder_enabled", "false", at: "2026-11-22T19:59:30-05:00")
        let other = directory.file("other.sqlite")
        var otherEnvironment = environment
        otherEnvironment["NUDGE_STORE"] = other
        otherEnvironment["NUDGE_FAKE_NOW"] = "2026-11-22T19:59:31-05:00"
        #expect(
            try NudgeBinary.run(
                ["log", "symptom", "from the other file", "--severity", "2"], environment: otherEnvironment
            ).status == 0)
        let daemon = try startDaemon(at: "2026-11-22T19:59:40-05:00")
        #expect(daemon.waitForEvent("rescheduled", ["reason": "start"]), "\(daemon.stderr)")
        for index in 0..<5 {
            try nudge("log", "symptom", "old \(index)", "--severity", "1", at: "2026-11-22T19:59:41-05:00")
        }
        let walSize = (try FileManager.default.attributesOfItem(atPath: store + "-wal")[.size] as? Int) ?? 0
        #expect(walSize > 0, "the old file's WAL holds pages of its own")
        #expect(rename(other, store) == 0)
        #expect(daemon.waitForLog("was replaced by another file"), "\(daemon.stderr)")
        let shown = bus.waitForNotify(count: 1, timeout: 60)
        #expect(shown.first?.summary.lowercased().contains("symptom") == true, "\(shown) \(daemon.stderr)")
        #expect(daemon.waitForExit(timeout: 0) == nil, "the same process goes on")
        #expect(daemon.stderr.components(separatedBy: "started on \(store)").count == 3, "\(daemon.stderr)")
        #expect(try rows("PRAGMA integrity_check") == [["integrity_check": "ok"]])
        #expect(try rows("SELECT name FROM symptom_entries").compactMap { $0["name"] } == ["from the other file"])
    }

    /// A restore under a running daemon: it follows the store, and shows the reminder the
    /// restored settings make due (the symptom check at 20:00, which the store had turned off).
    @Test func aRunningDaemonFollowsTheRestoredStore() throws {
        try nudge("log", "symptom", "headache", "--severity", "2", at: "2026-11-22T19:58:00-05:00")
        try nudge("backup", at: "2026-11-22T19:58:30-05:00")
        try nudge("settings", "set", "symptom.reminder_enabled", "false", at: "2026-11-22T19:58:40-05:00")
        let daemon = try startDaemon(at: "2026-11-22T19:59:30-05:00")
        #expect(daemon.waitForEvent("rescheduled", ["reason": "start"]), "\(daemon.stderr)")
        let restored = try nudge("restore", "--latest", "--yes", at: "2026-11-22T19:59:31-05:00")
        #expect(restored.stdout.contains("; 1 setting written since then is not in it;"), "\(restored)")
        let shown = bus.waitForNotify(count: 1, timeout: 60)
        #expect(shown.first?.summary.lowercased().contains("symptom") == true, "\(shown) \(daemon.stderr)")
    }

    /// Refused, exit 64 or 65, and the store byte for byte as it was.
    @Test func refusalsChangeNothing() throws {
        try logSymptoms(1)
        let foreign = directory.file("foreign.sqlite")
        try DatabaseQueue(path: foreign).write { db in try db.execute(sql: "CREATE TABLE notes (body TEXT)") }
        let reshaped = directory.file("reshaped.sqlite")
        try FileManager.default.copyItem(atPath: store, toPath: reshaped)
        try DatabaseQueue(path: reshaped).write { db in
            try db.execute(sql: "DROP TABLE symptom_entries; CREATE TABLE symptom_entries (id TEXT, feeling TEXT)")
        }
        let text = directory.file("text.sqlite")
        try "not a database".write(toFile: text, atomically: true, encoding: .utf8)
        let huge = directory.file("disk-image.sqlite")
        #expect(FileManager.default.createFile(atPath: huge, contents: nil) && truncate(huge, 1 << 30) == 0)
        try DatabaseQueue(path: store).writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
        }
        let before = StoreDump.bytes(store)
        let cases: [([String], Int32, String)] = [
            (["restore", foreign, "--yes"], 65, "not a nudge store"),
            (["restore", reshaped, "--yes"], 65, "another program shaped it"),
            (["restore", text, "--yes"], 65, "is not a SQLite file (it does not begin as one)"),
            // Refused before its private copy (tenth round: a 20 GB disk image was copied first).
            (["restore", huge, "--yes"], 65, "is not a SQLite file (it does not begin as one)"),
            (["restore", directory.file("missing.sqlite"), "--yes"], 64, "does not exist"),
            (["restore", store, "--yes"], 64, "is the store itself"),
            (["restore", "--yes"], 64, "--latest"),
            (["restore", "--latest", "--yes"], 66, "has no sound backup"),
            (["restore", foreign], 64, "needs --yes"),
            (["backup", "--output", store], 64, "is the store or one of its files"),
            (["backup", "--output", store + "-wal"], 64, "is the store or one of its files"),
            (["backup", "--output", store + ".daemon-lock"], 64, "is the store or one of its files"),
            (
                ["backup", "--output", store + ".before-restore-20261122T000000Z"], 64,
                "is the store or one of its files"
            ),
            (["settings", "set", "backup.directory", "relative/dir"], 64, "absolute path"),
            (["settings", "set", "backup.directory", directory.file("missing/backups")], 64, "does not exist"),
            (["settings", "set", "backup.directory", store], 64, "the store or one of its files"),
            (["settings", "set", "backup.directory", text], 64, "is a file"),
        ]
        for (arguments, status, message) in cases {
            let result = try NudgeBinary.run(arguments, environment: environment)
            #expect(result.status == status && result.stderr.contains(message), "\(arguments): \(result)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(arguments): one line")
            #expect(StoreDump.bytes(store) == before, "\(arguments) changed the store")
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: PathText.directory(of: store))
        #expect(!left.contains { $0.hasPrefix(".nudge-restore-") }, "\(left)")
    }

    /// What nudge keeps is never written over by an export or a backup given --output: the
    /// files of a backup.directory of its own; any SQLite database (another store, a backup). A backup
    /// with a -wal beside it is refused for a restore, the -wal named: read alone it lacks it.
    @Test func refusalsOfWhatNudgeKeepsAndOfAFileWithItsLog() throws {
        try logSymptoms(1)
        let own = directory.file("kept-backups")
        try FileManager.default.createDirectory(atPath: own, withIntermediateDirectories: false)
        try nudge("settings", "set", "backup.directory", own)
        let live = directory.file("live.sqlite")
        let open = try DatabaseQueue(path: live)
        try open.writeWithoutTransaction { db in
            _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
            try db.execute(sql: "CREATE TABLE t (x); INSERT INTO t VALUES (1)")
        }
        try DatabaseQueue(path: store).writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
        }
        let other = directory.file("other.sqlite")
        #expect(
            try NudgeBinary.run(
                ["log", "symptom", "Precious", "--severity", "2", "--store", other], environment: environment
            )
            .status == 0)
        let otherBefore = StoreDump.bytes(other)
        let before = StoreDump.bytes(store)
        let cases: [([String], Int32, String)] = [
            (["backup", "--output", own + "/nudge-20261122T000000Z.sqlite"], 64, "is in the backup directory"),
            (["symptoms", "export", "--output", own + "/diary.csv"], 64, "is in the backup directory"),
            (["journal", "export", "--output", own + "/journal.md"], 64, "is in the backup directory"),
            (["backup", "--output", live], 64, "is a SQLite database that is not a backup of this store"),
            // Another store whose -wal went with its last connection: one mistyped path.
            (["backup", "--output", other], 64, "which nudge never writes over"),
            (["symptoms", "export", "--output", other], 64, "which nudge never writes over"),
            (["restore", live, "--yes"], 65, "has a write-ahead log beside it (\(live)-wal)"),
        ]
        for (arguments, status, message) in cases {
            let result = try NudgeBinary.run(arguments, environment: environment)
            #expect(result.status == status && result.stderr.contains(message), "\(arguments): \(result)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(arguments): one line")
            #expect(StoreDump.bytes(store) == before, "\(arguments) changed the store")
            #expect(StoreDump.bytes(other) == otherBefore, "\(arguments) changed another store")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: own).isEmpty)
        try open.close()
    }

    /// A store too damaged to open: the daemon cannot run, and says so on the desktop once,
    /// naming the backup to restore, then exits 65 (which systemd does not restart).
    @Test func aDaemonThatCannotOpenADamagedStoreSaysSoOnTheDesktop() throws {
        try logSymptoms(2)
        try nudge("backup", at: "2026-11-20T12:00:00Z")
        let handle = try #require(FileHandle(forUpdatingAtPath: store))
        try handle.seek(toOffset: 1024)
        handle.write(Data(repeating: 0xA5, count: 15 * 1024))
        try handle.close()
        let daemon = try startDaemon(at: "2026-11-22T12:00:00Z")
        #expect(daemon.waitForExit(timeout: 60) == 65, "\(daemon.stderr)")
        let shown = bus.waitForNotify(count: 1)
        #expect(shown.map(\.summary) == ["The store is damaged"], "\(daemon.stderr)\n\(bus.diagnostics)")
        #expect(
            shown.first?.body.contains(
                "Restore the backup of 2026-11-20 07:00 with: nudge --store \(store) restore --latest")
                == true, "\(shown.map(\.body))")
    }

    /// Its first bytes overwritten, the store reads as no SQLite file at all; one that nudge
    /// backed up (its backup location is beside it) is damage all the same, shown as such.
    @Test func aStoreWhoseHeaderIsOverwrittenIsShownAsDamaged() throws {
        try logSymptoms(1)
        try nudge("backup", at: "2026-11-20T12:00:00Z")
        let handle = try #require(FileHandle(forUpdatingAtPath: store))
        handle.write(Data("garbage!garbage!".utf8))
        try handle.close()
        let daemon = try startDaemon(at: "2026-11-22T12:00:00Z")
        #expect(daemon.waitForExit(timeout: 60) == 65, "\(daemon.stderr)")
        let shown = bus.waitForNotify(count: 1)
        #expect(shown.map(\.summary) == ["The store is damaged"], "\(daemon.stderr)\n\(bus.diagnostics)")
        #expect(shown.first?.body.contains("restore --latest") == true, "\(shown.map(\.body))")
    }
}
