import Foundation
import NudgeCore
import NudgeTestSupport
import Testing

/// A store nudge backed up that is emptied (`: > nudge.sqlite`) or removed while its backup
/// location is beside it is damage, not a new store (issue 39, third hostile round): refused
/// for writing, shown on the desktop by the daemon, restored by `restore --latest`, and its
/// backup location never rewritten.
@Suite(.ownThread, .daemonOnBus)
struct LostStoreTests: DaemonScenario {
    var location: String { store + ".backup-location" }

    /// One diary entry, backed up at 07:00 New York time; the identity the store has.
    func backedUpStore() throws -> String {
        try nudge("log", "symptom", "before the loss", "--severity", "3", at: "2026-11-20T11:00:00Z")
        try nudge("backup", at: "2026-11-20T12:00:00Z")
        return try #require(
            try rows("SELECT value FROM store_metadata WHERE key = 'store_identity'").first?["value"])
    }

    func attempt(_ arguments: String..., at fakeNow: String) throws -> CommandResult {
        try NudgeBinary.run(arguments, environment: environment.merging(["NUDGE_FAKE_NOW": fakeNow]) { $1 })
    }

    /// The refusal of a write, the daemon's desktop warning, and the restore, each leaving the
    /// backup location as the backup wrote it.
    func expectRefusedThenRestored(identity: String, reason: String) throws {
        let recorded = try #require(StoreDump.bytes(location))
        let refused = try attempt("log", "symptom", "after", "--severity", "2", at: "2026-11-22T12:00:00Z")
        #expect(refused.status == 65, "\(refused)")
        #expect(
            refused.stderr.contains("is damaged (\(reason)")
                && refused.stderr.contains("restore the backup of 2026-11-20 07:00")
                && refused.stderr.hasSuffix("restore --latest\n"), "\(refused)")
        #expect(refused.stderr.split(separator: "\n").count == 1, "\(refused)")
        let daemon = try startDaemon(at: "2026-11-22T12:00:00Z")
        #expect(daemon.waitForExit(timeout: 60) == 65, "\(daemon.stderr)")
        let shown = bus.waitForNotify(count: 1)
        #expect(shown.map(\.summary) == ["The store is damaged"], "\(daemon.stderr)\n\(bus.diagnostics)")
        #expect(
            shown.first?.body.contains("Restore the backup of 2026-11-20 07:00 with: nudge --store \(store) restore")
                == true, "\(shown.map(\.body))")
        // In a person's words: no "SQLite found damage" for a file nobody damaged.
        #expect(
            shown.first?.body.hasPrefix("nudge cannot use the store: \(reason)") == true, "\(shown.map(\.body))")
        #expect(StoreDump.bytes(location) == recorded, "the backup location was rewritten")
        let listed = try nudge("backups", at: "2026-11-22T12:05:00Z").stdout
        #expect(listed.contains("nudge-20261120T120000Z.sqlite") && !listed.contains("another store"), "\(listed)")
        let restored = try nudge("restore", "--latest", "--yes", at: "2026-11-22T12:05:00Z")
        #expect(restored.stdout.hasPrefix("restored the backup of 2026-11-20 07:00"), "\(restored)")
        #expect(try rows("SELECT name FROM symptom_entries").map { $0["name"] } == ["before the loss"])
        #expect(
            try rows("SELECT value FROM store_metadata WHERE key = 'store_identity'").first?["value"] == identity)
        #expect(StoreDump.bytes(location) == recorded, "the backup location was rewritten")
    }

    @Test func anEmptiedStoreIsDamageNotANewStore() throws {
        let identity = try backedUpStore()
        #expect(truncate(store, 0) == 0)
        try expectRefusedThenRestored(identity: identity, reason: "it is empty")
    }

    /// Chosen: a removed store whose backup location is beside it is damage too (the refusal
    /// says how to start a new store instead: remove the backup location).
    @Test func aRemovedStoreBesideItsBackupLocationIsDamageNotANewStore() throws {
        let identity = try backedUpStore()
        #expect(unlink(store) == 0)
        try expectRefusedThenRestored(identity: identity, reason: "it is missing")
    }
}
