import Foundation
import GRDB
import NudgeCore
import NudgeReports
import NudgeTestSupport
import Testing

/// Two stores sharing one `backup.directory` (issue 39, item 4): each lists, restores and
/// thins only its own backups; another store's is restored only by name and with --yes, and
/// the store keeps its identity.
struct SharedBackupDirectoryTests {
    let directory = TemporaryDirectory()
    var shared: String { directory.file("backups") }
    var storeA: String { directory.file("a.sqlite") }
    var storeB: String { directory.file("b.sqlite") }

    @discardableResult
    func nudge(_ store: String, _ arguments: String..., at fakeNow: String) -> CommandResult {
        let result = InProcessNudge.run(
            arguments + ["--store", store], environment: ["TZ": "America/New_York", "NUDGE_FAKE_NOW": fakeNow])
        #expect(result.status == 0, "\(arguments): \(result)")
        return result
    }

    func listed(_ store: String) throws -> [[String: Any]] {
        let text = nudge(store, "backups", "--json", at: "2026-11-22T12:00:00-05:00").stdout
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
    }

    func entries(_ store: String) throws -> String? {
        try StoreQuery.rows(store, "SELECT count(*) AS n FROM symptom_entries").first?["n"]
    }

    func identity(_ store: String) throws -> String? {
        try StoreQuery.rows(store, "SELECT value FROM store_metadata WHERE key = 'store_identity'").first?["value"]
    }

    @Test func eachStoreSeesRestoresAndThinsOnlyItsOwn() throws {
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: false)
        for (store, count) in [(storeA, 2), (storeB, 1)] {
            nudge(store, "settings", "set", "backup.directory", shared, at: "2026-11-22T08:00:00-05:00")
            for index in 0..<count {
                nudge(store, "log", "symptom", "s\(index)", "--severity", "2", at: "2026-11-22T08:00:00-05:00")
            }
        }
        nudge(storeA, "backup", at: "2026-11-22T09:00:00-05:00")
        nudge(storeB, "backup", at: "2026-11-22T10:00:00-05:00")
        // B's second backup of the day removes B's first, and names it: never A's, older still.
        let second = nudge(storeB, "backup", at: "2026-11-22T11:00:00-05:00")
        #expect(second.stdout.hasSuffix("kept (nudge(5)): nudge-20261122T150000Z.sqlite\n"), "\(second)")
        let ofA = try listed(storeA)
        let ofB = try listed(storeB)
        #expect(ofA.map { $0["path"] as? String } == [shared + "/nudge-20261122T140000Z.sqlite"], "\(ofA)")
        #expect(ofB.map { $0["path"] as? String } == [shared + "/nudge-20261122T160000Z.sqlite"], "\(ofB)")
        #expect((ofA.first?["counts"] as? [String: Int])?["diary_entries"] == 2)
        // Said to a program too, on stderr (hostile round 18: --json left it out).
        let jsonOfA = nudge(storeA, "backups", "--json", at: "2026-11-22T12:00:00-05:00")
        #expect(
            jsonOfA.stderr
                == "nudge: 1 backup of another store is in \(shared) too, not listed; restore one by its path with --yes\n",
            "\(jsonOfA)")

        // A takes its own backup by --latest, though B's is newer.
        nudge(storeA, "log", "symptom", "after", "--severity", "2", at: "2026-11-22T11:30:00-05:00")
        nudge(storeA, "restore", "--latest", "--yes", at: "2026-11-22T12:00:00-05:00")
        #expect(try entries(storeA) == "2")
        // B takes its own by --latest, though A's is made newer still.
        nudge(storeA, "backup", at: "2026-11-22T12:30:00-05:00")
        nudge(storeB, "log", "symptom", "after", "--severity", "2", at: "2026-11-22T12:40:00-05:00")
        nudge(storeB, "restore", "--latest", "--yes", at: "2026-11-22T13:00:00-05:00")
        #expect(try entries(storeB) == "1")

        // A's backup into B: by name only, and only with --yes; B keeps its identity.
        let identityB = try identity(storeB)
        let backupOfA = shared + "/nudge-20261122T173000Z.sqlite"
        try InProcessNudge.expectRefusal(
            ["restore", backupOfA], store: storeB,
            environment: ["TZ": "America/New_York", "NUDGE_FAKE_NOW": "2026-11-22T13:10:00-05:00"],
            mentioning:
                "is a backup of another store, not of \(storeB); to put it in place of this store all the same, give it with --yes"
        )
        nudge(storeB, "restore", backupOfA, "--yes", at: "2026-11-22T13:20:00-05:00")
        #expect(try entries(storeB) == "2", "A's two")
        #expect(try identity(storeB) == identityB && identityB != nil && identityB != (try identity(storeA)))
        nudge(storeB, "backup", at: "2026-11-22T13:30:00-05:00")
        // B's earlier backup holds B's own entry, which A's rows replaced: kept, not thinned.
        let listedB = try listed(storeB).compactMap { $0["path"] as? String }
        #expect(
            Set(listedB) == [shared + "/nudge-20261122T183000Z.sqlite", shared + "/nudge-20261122T160000Z.sqlite"],
            "\(listedB)")
    }

    /// A backup taken while the clock was ahead: doctor names it, and reports the newest of
    /// the others; another store's newer one is not this store's newest.
    @Test func doctorNamesABackupTakenAheadOfTheClock() throws {
        nudge(storeA, "log", "symptom", "s", "--severity", "2", at: "2026-11-22T08:00:00-05:00")
        nudge(storeB, "log", "symptom", "s", "--severity", "2", at: "2026-11-22T08:00:00-05:00")
        nudge(storeB, "settings", "set", "backup.directory", storeA + ".backups", at: "2026-11-22T08:00:00-05:00")
        nudge(storeA, "backup", at: "2026-11-22T09:00:00-05:00")
        nudge(storeA, "backup", at: "2027-03-01T03:30:00-05:00")
        nudge(storeB, "backup", at: "2026-11-22T11:00:00-05:00")
        let clock = WallClock(zone: .system("America/New_York"))
        let findings = DoctorFindings.backupFindings(
            store: storeA, settings: nil, now: try #require(Timestamp.parse("2026-11-22T12:00:00-05:00")),
            clock: clock
        ).map(\.line)
        #expect(findings.count == 2, "\(findings)")
        #expect(
            findings.first?.hasPrefix(
                "WARNING backups: nudge-20270301T083000Z.sqlite says it was taken at 2027-03-01 03:30 EST, which is later than now: the clock was ahead when it was taken, or it is behind now"
            )
                == true, "\(findings)")
        #expect(
            findings.last?.hasPrefix("ok      backups: newest 2026-11-22 09:00 EST (3h ago), checked ok; 1 kept")
                == true, "\(findings)")
    }

    /// A backup taken before stores had identities may be either store's: both list it, marked.
    @Test func aBackupFromBeforeIdentitiesIsListedForEveryStoreMarked() throws {
        nudge(storeA, "log", "symptom", "s", "--severity", "2", at: "2026-11-22T08:00:00-05:00")
        nudge(storeB, "settings", "set", "backup.directory", storeA + ".backups", at: "2026-11-22T08:00:00-05:00")
        nudge(storeA, "backup", at: "2026-11-22T09:00:00-05:00")
        let old = storeA + ".backups/nudge-20261122T140000Z.sqlite"
        try DatabaseQueue(path: old).write { db in
            try db.execute(sql: "DELETE FROM store_metadata WHERE key IN ('store_identity', 'backup_taken_at')")
        }
        for store in [storeA, storeB] {
            let rows = try listed(store)
            #expect(rows.map { $0["path"] as? String } == [old], "\(rows)")
            #expect(rows.first?["origin"] as? String == "taken before store identities", "\(rows)")
        }
        // Wide enough for the whole mark; at 80 columns it is cut to fit.
        let table = InProcessNudge.run(
            ["backups", "--store", storeB],
            environment: ["TZ": "America/New_York", "NUDGE_FAKE_NOW": "2026-11-22T12:00:00-05:00", "COLUMNS": "200"]
        ).stdout
        #expect(table.contains("ok; taken before store identities"), "\(table)")
    }

    /// A backup taken after the clock went back, the same day as a newer one: it is kept, so
    /// that `backup` never names a file the thinning removed.
    @Test func aBackupTakenAfterTheClockWentBackIsThere() throws {
        nudge(storeA, "log", "symptom", "s", "--severity", "2", at: "2026-11-22T08:00:00-05:00")
        nudge(storeA, "backup", at: "2026-11-22T10:00:00-05:00")
        let earlier = nudge(storeA, "backup", at: "2026-11-22T09:00:00-05:00").stdout
        let path = storeA + ".backups/nudge-20261122T140000Z.sqlite"
        #expect(earlier.hasPrefix("backed up the store to \(path) ("), "\(earlier)")
        #expect(FileManager.default.fileExists(atPath: path))
        #expect(try listed(storeA).count == 2)
    }
}
