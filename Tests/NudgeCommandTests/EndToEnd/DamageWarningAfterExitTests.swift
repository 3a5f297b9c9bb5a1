import Foundation
import NudgeTestSupport
import Testing

/// The warning of a daemon that exits 65 on an emptied or removed store is closed by the next
/// daemon that finds the store sound (issue 39: it stayed on screen, its advice to restore
/// there to be followed again over newer entries). Its id is kept beside the store in a file of
/// its own: the backup location stays as the backup wrote it (`LostStoreTests`).
@Suite(.ownThread, .daemonOnBus)
struct DamageWarningAfterExitTests: DaemonScenario {
    var location: String { store + ".backup-location" }

    @Test(arguments: ["emptied", "removed"]) func theNextDaemonOnTheRestoredStoreClosesTheWarning(_ loss: String) throws
    {
        try nudge("log", "symptom", "before the loss", "--severity", "3", at: "2026-11-20T11:00:00Z")
        try nudge("backup", at: "2026-11-20T12:00:00Z")
        let recorded = try #require(StoreDump.bytes(location))
        #expect(loss == "emptied" ? truncate(store, 0) == 0 : unlink(store) == 0)
        let failed = try startDaemon(at: "2026-11-22T12:00:00Z", log: "failed.err")
        #expect(failed.waitForExit(timeout: 60) == 65, "\(failed.stderr)")
        let shown = bus.waitForNotify(count: 1)
        #expect(shown.map(\.summary) == ["The store is damaged"], "\(failed.stderr)\n\(bus.diagnostics)")
        // The mock server numbers its notifications from 1: the warning is its first.
        let warning: UInt32 = 1
        #expect(StoreDump.bytes(location) == recorded, "the backup location was rewritten")
        try nudge("restore", "--latest", "--yes", at: "2026-11-22T12:05:00Z")
        let daemon = try startDaemon(at: "2026-11-22T12:06:00Z")
        #expect(bus.waitForClose(warning, timeout: 30), "\(daemon.stderr)\n\(bus.diagnostics)")
        #expect(
            waitForStore { !FileManager.default.fileExists(atPath: store + ".damage-warning") },
            "the record of the warning is left beside the store")
        daemon.signal(SIGTERM)
        #expect(daemon.waitForExit(timeout: 30) == 0, "\(daemon.stderr)")
    }
}
