import Foundation
import NudgeSystem
import NudgeTestSupport
import Testing

/// `nudge upcoming` lists what a daemon would show; without one it says nothing will be.
@Suite struct UpcomingCommandTests: CommandScenario {
    let directory = TemporaryDirectory()

    @Test func saysNothingIsShownWhileNoDaemonRuns() throws {
        try StoreQuery.create(store)
        let note =
            "No nudge daemon runs on this store, so none of these will be shown until one runs; start one with: systemctl --user start nudge (or nudge daemon)"
        let alone = nudge("upcoming", "--limit", "1")
        #expect(alone.status == 0 && alone.stdout.split(separator: "\n").last.map(String.init) == note, "\(alone)")
        #expect(!nudge("upcoming", "--json").stdout.contains(note))
        // A daemon holds the store's lock: then the list is what it will show.
        let lock = try DaemonLock(storePath: store)
        let withDaemon = nudge("upcoming", "--limit", "1")
        #expect(withDaemon.status == 0 && !withDaemon.stdout.contains(note), "\(withDaemon)")
        withExtendedLifetime(lock) {}
    }
}
