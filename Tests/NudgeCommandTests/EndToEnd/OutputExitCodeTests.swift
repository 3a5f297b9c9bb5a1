import Foundation
import NudgeTestSupport
import Testing

/// An output file whose folder is not there cannot be created: exit 73 (EX_CANTCREAT), as
/// README's exit codes say of a file to write (hostile round 30 on issue 39: `backup --output
/// nodir/x.sqlite` exited 64, a usage error), in one line, the store unchanged.
@Suite(.timeLimit(.minutes(2)))
struct OutputExitCodeTests {
    let directory = TemporaryDirectory()
    var store: String { directory.file("nudge.sqlite") }
    var environment: [String: String] { ["TZ": "UTC", "NUDGE_STORE": store] }

    @Test(arguments: [
        (["backup", "--output"], "sqlite"), (["symptoms", "export", "--format", "csv", "--output"], "csv"),
        (["journal", "export", "--output"], "md"), (["upcoming", "--format", "ics", "--output"], "ics"),
    ])
    func anOutputInAMissingFolderCannotBeCreated(command: [String], ending: String) throws {
        #expect(
            try NudgeBinary.run(["log", "symptom", "sneeze", "--severity", "2"], environment: environment).status == 0)
        let before = StoreDump.bytes(store)
        let output = directory.file("nodir/out.\(ending)")
        let result = try NudgeBinary.run(command + [output], environment: environment)
        #expect(result.status == 73, "\(result)")
        #expect(
            result.stderr
                == "nudge: --output '\(output)': the directory \(directory.file("nodir")) does not exist; create it or give another path\n",
            "\(result)")
        #expect(StoreDump.bytes(store) == before)
        #expect(!FileManager.default.fileExists(atPath: directory.file("nodir")))
    }
}
