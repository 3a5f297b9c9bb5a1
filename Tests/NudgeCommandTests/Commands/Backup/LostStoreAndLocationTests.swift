import Foundation
import NudgeTestSupport
import Testing

/// A store removed with everything beside it (`rm nudge.sqlite*`), its backups still in the
/// folder beside its path (issue 39, twelfth round): `nudge backups` listed them as this store's
/// (it has no identity to tell), but `restore --latest` gave the restored store a new identity,
/// after which they were another store's, neither listed nor thinned. The restore keeps the
/// backup's identity: the store has come back.
struct LostStoreAndLocationTests: CommandScenario {
    let directory = TemporaryDirectory()
    var environment: [String: String] { ["TZ": "UTC"] }

    @discardableResult
    func nudge(_ arguments: String..., at fakeNow: String) -> CommandResult {
        let result = InProcessNudge.run(
            arguments + ["--store", store], environment: environment.merging(["NUDGE_FAKE_NOW": fakeNow]) { $1 })
        #expect(result.status == 0, "\(arguments): \(result)")
        return result
    }

    func identity() throws -> String? {
        try StoreQuery.rows(store, "SELECT value FROM store_metadata WHERE key = 'store_identity'").first?["value"]
    }

    @Test func aRemovedStoreRestoredFromItsFolderKeepsItsBackups() throws {
        nudge("log", "symptom", "sneeze", "--severity", "2", at: "2026-11-20T08:00:00Z")
        nudge("backup", at: "2026-11-20T09:00:00Z")
        let before = try #require(try identity())
        for suffix in ["", "-wal", "-shm", ".backup-location"] { unlink(store + suffix) }
        let backup = "nudge-20261120T090000Z.sqlite"
        #expect(nudge("backups", at: "2026-11-20T10:00:00Z").stdout.contains(backup))

        let restored = nudge("restore", "--latest", "--yes", at: "2026-11-20T10:00:00Z")
        #expect(restored.stdout.hasPrefix("restored the backup of 2026-11-20 09:00 UTC"), "\(restored)")
        #expect(try identity() == before)
        let listed = nudge("backups", at: "2026-11-20T10:30:00Z")
        #expect(listed.stdout.contains(backup) && !listed.stdout.contains("another store"), "\(listed)")
        // The next backup of the day thins it as the store's own.
        let next = nudge("backup", at: "2026-11-20T11:00:00Z")
        #expect(next.stdout.contains("removed as the daily backups are kept (nudge(5)): \(backup)"), "\(next)")
        #expect(!FileManager.default.fileExists(atPath: store + ".backups/" + backup))
    }
}

/// A refusal's apostrophes are prose: "the store's … the backup's" were taken for a quoted word
/// over 80 characters and cut in the middle, the fix with it (issue 39, twelfth round).
extension LostStoreAndLocationTests {
    @Test func aRefusalWithTwoApostrophesIsNotCut() throws {
        nudge("log", "symptom", "mine", "--severity", "2", at: "2026-11-20T08:00:00Z")
        nudge("backup", at: "2026-11-20T09:00:00Z")
        let other = directory.file("other.sqlite")
        let environment = ["TZ": "UTC", "NUDGE_FAKE_NOW": "2026-11-20T09:30:00Z"]
        _ = InProcessNudge.run(
            ["log", "symptom", "other", "--severity", "1", "--store", other], environment: environment)
        let copied = store + ".backups/nudge-20261120T093000Z.sqlite"
        let taken = InProcessNudge.run(["backup", "--output", copied, "--store", other], environment: environment)
        #expect(taken.status == 0, "\(taken)")
        for suffix in ["", "-wal", "-shm", ".backup-location"] { unlink(store + suffix) }
        let refused = InProcessNudge.run(
            ["restore", "--latest", "--yes", "--store", store],
            environment: environment.merging(["NUDGE_FAKE_NOW": "2026-11-20T10:00:00Z"]) { $1 })
        #expect(refused.status == 66, "\(refused)")
        #expect(!refused.stderr.contains("…") && refused.stderr.contains("(nudge backups lists them)"), "\(refused)")
    }
}

/// Another store's backup copied by hand into `STORE.backups`, then `rm nudge.sqlite*` (issue
/// 39, thirteenth round): with no identity to compare, the listing called both stores' backups
/// "this store", and a restore of the other's said nothing. They are named apart, `--latest`
/// refuses with the choice, and a restore by path says whose backup it restores.
extension LostStoreAndLocationTests {
    @Test func twoStoresBackupsWithNoIdentityAreNamedApart() throws {
        nudge("log", "symptom", "mine", "--severity", "2", at: "2026-11-20T08:00:00Z")
        nudge("backup", at: "2026-11-20T09:00:00Z")
        let other = directory.file("other.sqlite")
        let environment = ["TZ": "UTC", "NUDGE_FAKE_NOW": "2026-11-20T09:30:00Z"]
        _ = InProcessNudge.run(
            ["log", "symptom", "other", "--severity", "1", "--store", other], environment: environment)
        let copied = store + ".backups/nudge-20261120T093000Z.sqlite"
        let own = store + ".backups/nudge-20261120T090000Z.sqlite"
        let taken = InProcessNudge.run(["backup", "--output", copied, "--store", other], environment: environment)
        #expect(taken.status == 0, "\(taken)")
        for suffix in ["", "-wal", "-shm", ".backup-location"] { unlink(store + suffix) }

        let listed = nudge("backups", at: "2026-11-20T10:00:00Z")
        #expect(listed.stdout.contains("ok; store A") && listed.stdout.contains("ok; store B"), "\(listed)")
        #expect(listed.stdout.contains("holds the backups of 2 stores: store A (1 backup"), "\(listed)")
        let json = nudge("backups", "--json", at: "2026-11-20T10:00:00Z")
        #expect(!json.stdout.contains("this store"), "\(json)")

        let latest = InProcessNudge.run(
            ["restore", "--latest", "--yes", "--store", store],
            environment: environment.merging(["NUDGE_FAKE_NOW": "2026-11-20T10:00:00Z"]) { $1 })
        #expect(latest.status == 66, "\(latest)")
        #expect(latest.stderr.split(separator: "\n").count == 1, "\(latest)")
        #expect(
            latest.stderr.contains(
                "restore store A's newest with: nudge --store \(store) restore \(copied) --yes, or store B's newest with: nudge --store \(store) restore \(own) --yes"
            ), "\(latest)")
        #expect(!FileManager.default.fileExists(atPath: store))

        let restored = nudge("restore", own, "--yes", at: "2026-11-20T10:00:00Z")
        #expect(restored.stdout.contains(" (store B's, one of the 2 stores whose backups "), "\(restored)")
    }

    /// Another program removed only the store's file, or emptied it, and its write-ahead log
    /// holds 20 commits the backup has not (hostile round 18: the restore deleted the log and
    /// said "nothing written since then is missing from it"). The log is kept under the
    /// restore's name, and with the backup beside it, it reads back the 20.
    @Test(arguments: [false, true]) func aLogLeftBesideALostStoreIsKeptAndTheAccountSaysSo(emptied: Bool) throws {
        nudge("log", "symptom", "sneeze", "--severity", "2", at: "2026-11-20T08:00:00Z")
        nudge("backup", at: "2026-11-20T09:00:00Z")
        let writer = try Subprocess.run(
            "/usr/bin/python3",
            [
                "-c",
                """
                import sqlite3, os, sys
                c = sqlite3.connect(sys.argv[1]); c.execute('PRAGMA wal_autocheckpoint = 0')
                for i in range(20):
                    c.execute("INSERT INTO symptom_entries VALUES (hex(randomblob(16)), 'InWal', 3, '2026-11-20T09:30:00Z', NULL, '2026-11-20T09:30:00Z', '2026-11-20T09:30:00Z')")
                    c.commit()
                os._exit(0)
                """, store,
            ])
        try #require(writer.status == 0, "\(writer)")
        if emptied {
            #expect(truncate(store, 0) == 0)
        } else {
            #expect(unlink(store) == 0)
        }
        let restored = nudge("restore", "--latest", "--yes", at: "2026-11-20T10:00:00Z")
        let kept = store + ".before-restore-20261120T100000Z-wal"
        #expect(
            restored.stdout.hasPrefix(
                "the store's file is gone or empty, but its write-ahead log (")
                && restored.stdout.contains("which may hold what was written last: it is kept at \(kept)\n"),
            "\(restored)")
        #expect(
            restored.stdout.contains(
                emptied
                    ? "the store's file was empty, so what was written since then cannot be counted"
                    : "there was no store at this path (a new one, or removed or moved away: then it is where it was moved to), so what was written since then cannot be counted"
            ), "\(restored)")
        #expect(!restored.stdout.contains("nothing written since then is missing"), "\(restored)")
        // The backup with the kept log beside it holds the 20.
        let recovered = directory.file("recovered.sqlite")
        try FileManager.default.copyItem(atPath: store + ".backups/nudge-20261120T090000Z.sqlite", toPath: recovered)
        try FileManager.default.copyItem(atPath: kept, toPath: recovered + "-wal")
        #expect(try StoreQuery.rows(recovered, "SELECT id FROM symptom_entries WHERE name = 'InWal'").count == 20)
    }

    /// The store moved away before the restore (hostile round 18): "nothing written since then
    /// is missing from it" was said of a store that was elsewhere, with 3 entries the backup
    /// has not.
    @Test func aRestoreWhereTheStoreWasMovedAwaySaysItCannotCount() throws {
        nudge("log", "symptom", "sneeze", "--severity", "2", at: "2026-11-20T08:00:00Z")
        nudge("backup", at: "2026-11-20T09:00:00Z")
        nudge("log", "symptom", "after", "--severity", "5", at: "2026-11-20T09:30:00Z")
        for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: store + suffix) {
            #expect(rename(store + suffix, directory.file("away.sqlite") + suffix) == 0)
        }
        let restored = nudge("restore", "--latest", "--yes", at: "2026-11-20T10:00:00Z")
        #expect(
            restored.stdout.contains("there was no store at this path (a new one, or removed or moved away"),
            "\(restored)")
        #expect(!restored.stdout.contains("nothing written since then is missing"), "\(restored)")
    }
}
