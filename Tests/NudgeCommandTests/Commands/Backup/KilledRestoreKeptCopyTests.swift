import Foundation
import GRDB
import NudgeTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A restore SIGKILLed while it writes into the store leaves no `STORE.before-restore-*` copy
/// of a store it did not restore (issue 39, round 27 Low 9): the copy is named only once the
/// restore is committed. The next restore settles what the killed one left: its copy is
/// removed when the store was not restored (the store holds all of it), and given its kept
/// name when the store says the restore was committed (it holds what the restore rolled back).
@Suite(.ownThread, .hangBound(minutes: 4)) struct KilledRestoreKeptCopyTests {
    let directory = TemporaryDirectory()
    var store: String { directory.file("nudge.sqlite") }
    var environment: [String: String] { ["TZ": "UTC", "NUDGE_STORE": store, "NUDGE_FAKE_NOW": "2026-11-22T20:00:00Z"] }

    func nudge(_ arguments: String...) throws -> CommandResult {
        try NudgeBinary.run(arguments, environment: environment)
    }

    func symptomNames() throws -> [String] {
        try StoreQuery.rows(store, "SELECT DISTINCT name FROM symptom_entries ORDER BY name").compactMap { $0["name"] }
    }

    var besideTheStore: [String] { (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [] }
    var keptCopies: [String] { besideTheStore.filter { $0.hasPrefix("nudge.sqlite.before-restore-") } }

    /// A store of about 60 MB (diary entries with long notes), backed up, then one more entry.
    func backedUpLargeStore() throws {
        #expect(try nudge("log", "symptom", "Headache", "--severity", "3").status == 0)
        try DatabaseQueue(path: store).write { db in
            try db.execute(
                sql: """
                    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 40000)
                    INSERT INTO symptom_entries (id, name, severity, logged_at, notes, created_at, updated_at)
                    SELECT lower(hex(randomblob(16))), 'Headache', 3, '2026-11-22T19:00:00Z',
                        hex(randomblob(750)), '2026-11-22T19:00:00Z', '2026-11-22T19:00:00Z' FROM n
                    """)
        }
        #expect(try nudge("backup").status == 0)
        #expect(try nudge("log", "symptom", "Nausea", "--severity", "2").status == 0)
    }

    @Test func aRestoreKilledWhileItWritesLeavesNoBeforeRestoreCopy() throws {
        try backedUpLargeStore()
        let restore = try Subprocess.spawn(
            NudgeBinary.path, ["restore", "--latest", "--yes"], environment: NudgeBinary.environment(environment),
            stderrPath: directory.file("restore.err"), stdoutPath: directory.file("restore.out"))
        // Killed once its write into the store is well under way (16 MB of its pages in the log).
        let writing = FileEvents.waitUntil(watching: [directory.path], timeout: 60) {
            var status = stat()
            return stat(store + "-wal", &status) == 0 && status.st_size > 16_000_000
        }
        restore.signal(SIGKILL)
        _ = restore.waitForExit(timeout: 30)
        #expect(writing, "\(restore.stderr)")
        #expect(keptCopies.isEmpty, "a copy named as kept by a restore that did not happen: \(besideTheStore)")
        #expect(try symptomNames() == ["Headache", "Nausea"], "the store was not restored")
        // The next restore removes what the killed one left, and keeps one copy: its own.
        let again = try nudge("restore", "--latest", "--yes")
        #expect(again.status == 0, "\(again)")
        #expect(keptCopies.count == 1, "\(besideTheStore)")
        #expect(!besideTheStore.contains { $0.hasPrefix(".nudge-") }, "\(besideTheStore)")
        #expect(try symptomNames() == ["Headache"])
    }

    /// A restore killed between its commit and the naming of its copy: the store names the
    /// copy's temporary file, and the next restore gives it its kept name.
    @Test func aCopyLeftByACommittedRestoreGetsItsKeptName() throws {
        #expect(try nudge("log", "symptom", "Headache", "--severity", "3").status == 0)
        #expect(try nudge("backup").status == 0)
        #expect(try nudge("log", "symptom", "Nausea", "--severity", "2").status == 0)
        // The copy a killed process (its pid gone) left, which the store names.
        let ended = try Subprocess.spawn("/bin/true", [], environment: [:], stderrPath: directory.file("true.err"))
        _ = ended.waitForExit(timeout: 30)
        let name = ".nudge-kept-nudge.sqlite.\(ended.pid).AbC123"
        try DatabaseQueue(path: store).writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
            try db.execute(
                sql: "INSERT OR REPLACE INTO store_metadata (key, value) VALUES ('restore_kept_copy', ?)",
                arguments: [name])
        }
        try FileManager.default.copyItem(atPath: store, toPath: directory.file(name))
        let restored = try nudge("restore", "--latest", "--yes")
        #expect(restored.status == 0, "\(restored)")
        #expect(keptCopies.count == 2, "its own and the one left: \(besideTheStore)")
        #expect(!besideTheStore.contains(name), "\(besideTheStore)")
    }
}
