import Foundation
import NudgeTestSupport
import Testing

/// A backup folder nudge cannot list (issue 39, fourth hostile round) was "No backups yet",
/// exit 0, and `restore --latest` said there was no sound backup: both say it cannot read the
/// folder, and why.
struct UnreadableBackupFolderTests {
    let directory = TemporaryDirectory()
    var store: String { directory.file("nudge.sqlite") }

    func nudge(_ arguments: String...) -> CommandResult {
        InProcessNudge.run(
            arguments + ["--store", store], environment: ["TZ": "UTC", "NUDGE_FAKE_NOW": "2026-11-22T10:00:00Z"])
    }

    @Test func aFileInTheFolderPlaceIsNamed() throws {
        #expect(nudge("log", "symptom", "sneeze", "--severity", "2").status == 0)
        try Data("not a folder".utf8).write(to: URL(fileURLWithPath: store + ".backups"))
        let said =
            "nudge: cannot read the backup folder \(store).backups (it is not a folder); make it a folder this user can read (chmod u+rwx), or set backup.directory to another\n"
        for arguments in [["backups"], ["restore", "--latest", "--yes"]] {
            let result = InProcessNudge.run(
                arguments + ["--store", store], environment: ["TZ": "UTC", "NUDGE_FAKE_NOW": "2026-11-22T10:00:00Z"])
            #expect(result.status == 66 && result.stderr == said, "\(arguments): \(result)")
        }
    }
}
