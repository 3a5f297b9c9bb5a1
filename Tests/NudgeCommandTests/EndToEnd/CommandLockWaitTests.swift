import Foundation
import NudgeStore
import NudgeTestSupport
import Testing

/// Every command a person waits on says once, after 2 s, that it waits for another program's
/// lock on the store (hostile round 30 on issue 39: `nudge symptoms` waited 9 s in silence
/// behind `PRAGMA locking_mode=EXCLUSIVE`, where backup and restore said so), then does its work
/// once the lock is let go of. The real binary, beside a python3 that holds the lock.
@Suite(.hangBound(minutes: 3)) struct CommandLockWaitTests {
    let directory = TemporaryDirectory()
    var store: String { directory.file("nudge.sqlite") }
    var environment: [String: String] { ["TZ": "UTC", "NUDGE_STORE": store] }

    init() throws {
        #expect(
            try NudgeBinary.run(["log", "symptom", "sneeze", "--severity", "2"], environment: environment).status == 0)
    }

    /// A program that keeps the store locked, as `PRAGMA locking_mode=EXCLUSIVE` keeps it, until
    /// it is killed; it has the lock once its log says `locked`.
    func holdingTheStore() throws -> Spawned {
        let holder = try Subprocess.spawn(
            "/usr/bin/python3",
            [
                "-c",
                "import sqlite3, sys, time\nc = sqlite3.connect(sys.argv[1], isolation_level=None)\nc.execute('PRAGMA locking_mode=EXCLUSIVE')\nc.execute('BEGIN EXCLUSIVE')\nc.execute('COMMIT')\nprint('locked', file=sys.stderr, flush=True)\ntime.sleep(600)",
                store,
            ], environment: ["PATH": "/usr/bin:/bin"], stderrPath: directory.file("holder.log"))
        try #require(holder.waitForLog("locked", timeout: 30), "\(holder.stderr)")
        return holder
    }

    @Test(arguments: [["symptoms"], ["log", "symptom", "cough", "--severity", "1"]])
    func aCommandWaitingForTheLockSaysSoOnce(arguments: [String]) throws {
        let holder = try holdingTheStore()
        defer { holder.signal(SIGKILL) }
        let run = try Subprocess.spawn(
            NudgeBinary.path, arguments, environment: NudgeBinary.environment(environment),
            stderrPath: directory.file("nudge.err"), stdoutPath: directory.file("nudge.out"))
        #expect(run.waitForLog(LockWait.notice, timeout: 30), "\(run.stderr)")
        holder.signal(SIGKILL)
        #expect(holder.waitForExit(timeout: 10) != nil)
        #expect(run.waitForExit(timeout: 60) == 0, "\(run.stderr)")
        #expect(run.stderr == "nudge: \(LockWait.notice)\n")
        let listed = try NudgeBinary.run(["symptoms"], environment: environment)
        let expected = arguments.count > 1 ? ["sneeze", "cough"] : ["sneeze"]
        #expect(expected.allSatisfy(listed.stdout.contains), "\(listed)")
    }
}
