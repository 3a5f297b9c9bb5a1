import Foundation
import NudgeSystem
import NudgeTestSupport
import Testing

/// A session whose daemon was killed (SIGKILL: no end recorded) is still in the store, and
/// `meditate status` counted it down as if its bell would ring (issue 40, last round): it says
/// that no daemon runs, so the session will not end and its bells will not ring, and the fix.
@Suite struct MeditateStatusWithoutDaemonTests: CommandScenario {
    let directory = TemporaryDirectory()

    static let noDaemon =
        "nudge: no daemon runs on this store, so this session will not end and its bells will not ring; start one with: systemctl --user start nudge (or nudge daemon)\n"

    func status(_ extra: String...) -> CommandResult {
        var environment = environment
        environment["NUDGE_FAKE_NOW"] = "2026-11-22T20:03:00+01:00"
        return InProcessNudge.run(["meditate", "status"] + extra + ["--store", store], environment: environment)
    }

    @Test func aSessionWithoutItsDaemonSaysSoAndTheFix() throws {
        try StoreQuery.create(store)
        do {
            // The daemon's lock, held as a running daemon holds it, then gone as a killed one's.
            let lock = try DaemonLock(storePath: store)
            defer { withExtendedLifetime(lock) {} }
            #expect(nudge("meditate", "20m", "--delay", "0", "--detach").status == 0)
            let running = status()
            #expect(running.status == 0 && running.stderr.isEmpty, "\(running)")
            #expect(running.stdout.hasSuffix("): 03:00 elapsed, 17:00 left\n"), "\(running)")
        }
        let orphaned = status()
        #expect(orphaned.status == 0, "\(orphaned)")
        #expect(orphaned.stdout.hasSuffix("): 03:00 elapsed, 17:00 left\n"), "\(orphaned)")
        #expect(orphaned.stderr == Self.noDaemon)
        // The JSON stays what a program reads; the note is said beside it.
        let json = status("--json")
        #expect(json.stdout.contains("\"left_seconds\" : 1020") && json.stderr == Self.noDaemon, "\(json)")
    }

    @Test func nothingRunningSaysNothingOfTheDaemon() throws {
        try StoreQuery.create(store)
        let idle = status()
        #expect(idle.stdout == "No session is running. Start one with: nudge meditate\n" && idle.stderr.isEmpty)
    }
}
