import Foundation
import NudgeTestSupport
import Testing

/// A store the file system will not let anyone write (`chattr +i`, root only): `restore` said
/// "cannot write the backup into the store: not an error" (hostile round 19 on issue 39), the
/// message of an online backup's failed step, which SQLite reports by code alone.
@Suite(.enabled(if: getuid() == 0, "chattr +i needs root"))
struct ImmutableStoreRestoreTests: CommandScenario {
    let directory = TemporaryDirectory()
    var environment: [String: String] { ["TZ": "UTC", "NUDGE_FAKE_NOW": "2026-11-22T10:00:00Z"] }

    func chattr(_ flag: String) -> Int32? {
        let run = try? Subprocess.spawn(
            "/usr/bin/chattr", [flag, store], environment: [:], stderrPath: directory.file("chattr.err"))
        return run?.waitForExit(timeout: 10)
    }

    @Test func aRestoreIntoAnImmutableStoreSaysWhyAndHowToLetItBeWritten() throws {
        #expect(nudge("log", "symptom", "sneeze", "--severity", "2").status == 0)
        #expect(nudge("backup").status == 0)
        #expect(nudge("log", "symptom", "cough", "--severity", "1").status == 0)
        guard chattr("+i") == 0 else { return }  // a file system without the attribute (tmpfs)
        defer { _ = chattr("-i") }
        let before = StoreDump.bytes(store)
        let result = nudge("restore", "--latest", "--yes")
        #expect(result.status == 74, "\(result)")
        #expect(
            result.stderr
                == "nudge: cannot write the backup into the store: \(store) cannot be written: Operation not permitted (it is immutable or append-only: lsattr shows it; sudo chattr -i -a removes it); the store was left as it was\n",
            "\(result)")
        #expect(StoreDump.bytes(store) == before)
    }
}
