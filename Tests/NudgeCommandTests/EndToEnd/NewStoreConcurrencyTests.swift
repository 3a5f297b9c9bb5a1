import Foundation
import NudgeTestSupport
import Testing

/// At login the daemon and a command can meet on a store that does not exist yet. Creating the
/// directory and the file and migrating must be safe under any concurrency: no failed write.
///
/// The 50 writers are forked by one Python process, not by Foundation's Process: 50 spawns with their
/// file handles in a test process that runs other suites' buses at the same time is itself a
/// hazard (a handle closed late can close a descriptor number another thread reuses).
@Suite(.serialized, .ownThread) struct NewStoreConcurrencyTests {
    let directory = TemporaryDirectory()

    /// Starts every writer before waiting for any; prints one line per failure, then "done".
    /// (Python, not sh: the runner's blocked signals are inherited, and a shell's `wait` needs
    /// SIGCHLD; waitpid does not.)
    static let script = #"""
        import subprocess, sys
        binary, store = sys.argv[1], sys.argv[2]
        writers = []
        for i in range(50):
            words = ["contacts", "add", f"Person {i}", "--every", "7"] if i % 5 == 4 else ["log", "symptom", f"Headache {i}", "--severity", "3"]
            writers.append((i, subprocess.Popen([binary, *words, "--store", store], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)))
        for i, writer in writers:
            _, errors = writer.communicate(timeout=120)
            if writer.returncode != 0:
                print(f"writer {i}: exit {writer.returncode}: {errors.decode(errors='replace').strip()}")
        print("done")
        """#

    @Test(.hangBound(minutes: 3), arguments: 1...3)
    func fiftyWritersOnANewStoreAllSucceed(round: Int) throws {
        let store = directory.file("round\(round)/deeper/nudge.sqlite")
        let result = try Subprocess.run(
            "/usr/bin/python3", ["-c", Self.script, NudgeBinary.path, store],
            environment: NudgeBinary.environment(["TZ": "UTC"]), timeout: 150)
        #expect(result.stdout == "done\n", "failures: \(result.stdout) \(result.stderr)")
        let counts = try StoreQuery.rows(
            store,
            "SELECT (SELECT count(*) FROM symptom_entries) AS symptoms, (SELECT count(*) FROM contacts) AS contacts")
        #expect(counts.first == ["symptoms": "40", "contacts": "10"])
    }
}
