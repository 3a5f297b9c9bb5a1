import Foundation
import NudgeTestSupport
import Testing

/// The harness's commands end when they end: an exit Foundation cannot see is seen, and a
/// command past its bound fails its own test and says where it was stuck, instead of trapping
/// the whole suite (as reading a running process's status did once in CI), even when SIGTERM
/// cannot stop it (the suite's children inherit SIGTERM blocked).
@Suite(.ownThread)
struct SubprocessTimeoutTests {
    /// Another process holding Foundation's exit socket (here the command's own background
    /// child, in the suite a fixture spawned at the same moment) hides the exit from Foundation.
    @Test func anExitFoundationCannotSeeIsSeen() throws {
        let started = Date()
        let result = try Subprocess.run(
            "/bin/sh", ["-c", "sleep 60 >/dev/null 2>&1 & echo $!; exit 3"], timeout: 20)
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(result.status == 3, "\(result)")
        let sleeper = try #require(Int32(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
        kill(sleeper, SIGKILL)
    }

    @Test(.mostlyWaits) func aCommandPastItsBoundIsEndedAndNamed() throws {
        let started = Date()
        let error = try #require(throws: SubprocessTimeout.self) {
            try Subprocess.run("/bin/sh", ["-c", "trap '' TERM; echo begun; exec sleep 60"], timeout: 1)
        }
        #expect(Date().timeIntervalSince(started) < 15)
        #expect(error.command == "/bin/sh -c trap '' TERM; echo begun; exec sleep 60")
        #expect(error.threads.hasPrefix("sleep S "), "\(error)")
        #expect(error.output == "begun\n", "\(error)")
    }
}
