import Foundation
import GRDB
import NudgeTestSupport
import Testing

/// A store identity another program uppercased (issue 39, fourth hostile round) is the same
/// store's: its backups stay its own, listed, taken by `restore --latest` and thinned.
struct UppercasedIdentityTests {
    let directory = TemporaryDirectory()
    var store: String { directory.file("nudge.sqlite") }

    @discardableResult
    func nudge(_ arguments: String..., at fakeNow: String) -> CommandResult {
        let result = InProcessNudge.run(
            arguments + ["--store", store], environment: ["TZ": "UTC", "NUDGE_FAKE_NOW": fakeNow])
        #expect(result.status == 0, "\(arguments): \(result)")
        return result
    }

    @Test func theBackupsStayTheStores() throws {
        nudge("log", "symptom", "sneeze", "--severity", "2", at: "2026-11-22T08:00:00Z")
        nudge("backup", at: "2026-11-22T09:00:00Z")
        let database = try DatabaseQueue(path: store)
        try database.write { db in
            try db.execute(sql: "UPDATE store_metadata SET value = upper(value) WHERE key = 'store_identity'")
        }
        try database.close()
        let listed = nudge("backups", at: "2026-11-22T10:00:00Z").stdout
        #expect(listed.contains("nudge-20261122T090000Z.sqlite") && !listed.contains("another store"), "\(listed)")
        let restored = nudge("restore", "--latest", "--yes", at: "2026-11-22T10:00:00Z")
        #expect(restored.stdout.hasPrefix("restored the backup of 2026-11-22 09:00"), "\(restored)")
        // A second backup the same day thins the first: the store's own, not a stranger's.
        let next = nudge("backup", at: "2026-11-22T11:00:00Z")
        #expect(next.stdout.contains("removed as the daily backups are kept"), "\(next)")
    }
}
