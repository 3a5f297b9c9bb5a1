import Foundation
import NudgeTestSupport
import Testing

/// A backup folder whose mode keeps its owner out (issue 39, fourth round): one that can be
/// written but not read (300) takes the backup and says so, not "cannot sync" with the backup in
/// place; one that can be neither (000) is said to be unreadable, never "no backups yet". Root
/// passes every mode, so the binary runs as nobody on a store and folder nobody owns.
@Suite(.timeLimit(.minutes(2)))
struct BackupFolderModeTests {
    static let setpriv = "/usr/bin/setpriv"
    static let canRunAsNobody =
        FileManager.default.isExecutableFile(atPath: setpriv) && getuid() == 0
        && (try? Subprocess.run(setpriv, ["--reuid=65534", "--regid=65534", "--clear-groups", "/bin/true"]).status)
            == 0

    let directory = TemporaryDirectory()
    var home: String { directory.file("nobody") }
    var store: String { home + "/nudge.sqlite" }
    var folder: String { store + ".backups" }

    init() throws {
        // The test's folder is root's 0700: nobody needs to pass through it to its own.
        chmod(directory.path, 0o755)
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: false)
        chown(home, 65534, 65534)
        chmod(home, 0o700)
    }

    func nudgeAsNobody(_ arguments: String...) throws -> CommandResult { try nudgeAsNobody(arguments) }

    func nudgeAsNobody(_ arguments: [String], at now: String = "2026-11-22T10:00:00Z") throws -> CommandResult {
        try Subprocess.run(
            Self.setpriv,
            ["--reuid=65534", "--regid=65534", "--clear-groups", NudgeBinary.path] + arguments + ["--store", store],
            environment: NudgeBinary.environment(["TZ": "UTC", "NUDGE_FAKE_NOW": now]))
    }

    @Test(.enabled(if: canRunAsNobody, "needs root and /usr/bin/setpriv to run nudge as nobody"))
    func aFolderThatCanBeWrittenButNotReadTakesTheBackup() throws {
        #expect(try nudgeAsNobody("log", "symptom", "sneeze", "--severity", "2").status == 0)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        chown(folder, 65534, 65534)
        chmod(folder, 0o300)
        let result = try nudgeAsNobody("backup")
        #expect(result.status == 0 && result.stdout.hasPrefix("backed up the store to \(folder)/nudge-"), "\(result)")
        #expect(result.stderr.isEmpty, "\(result)")
        let backups = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(backups == ["nudge-20261122T100000Z.sqlite"], "\(backups)")
    }

    @Test(.enabled(if: canRunAsNobody, "needs root and /usr/bin/setpriv to run nudge as nobody"))
    func aFolderThatCanBeNeitherReadNorWrittenIsSaidToBeUnreadable() throws {
        #expect(try nudgeAsNobody("log", "symptom", "sneeze", "--severity", "2").status == 0)
        #expect(try nudgeAsNobody("backup").status == 0)
        chmod(folder, 0o000)
        let said =
            "nudge: cannot read the backup folder \(folder) (Permission denied); make it a folder this user can read (chmod u+rwx), or set backup.directory to another\n"
        for arguments in [["backups"], ["restore", "--latest", "--yes"]] {
            let result = try nudgeAsNobody(arguments)
            #expect(result.status == 66 && result.stderr == said && result.stdout.isEmpty, "\(arguments): \(result)")
        }
    }
}
