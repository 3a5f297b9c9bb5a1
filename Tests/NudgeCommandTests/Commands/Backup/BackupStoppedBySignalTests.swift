import Foundation
import GRDB
import NudgeTestSupport
import Testing

/// A backup that SIGINT (Ctrl-C), SIGTERM or SIGHUP ends midway (hostile round 28 on issue 39):
/// its temporary file, a whole copy of the store named nowhere, is removed with SQLite's
/// journal beside it, and the process still ends by that signal. The real binary is stopped the
/// moment its temporary file appears, sent the signal, and let go on.
@Suite(.ownThread, .hangBound(minutes: 3)) struct BackupStoppedBySignalTests {
    let directory = TemporaryDirectory()
    var store: String { directory.file("nudge.sqlite") }
    var out: String { directory.file("out") }
    var environment: [String: String] { ["TZ": "UTC", "NUDGE_STORE": store] }

    init() throws {
        #expect(
            try NudgeBinary.run(["log", "symptom", "sneeze", "--severity", "2"], environment: environment).status == 0)
        // 50 MB: the copy and its check take long enough that the signal comes while they run.
        try DatabaseQueue(path: store).writeWithoutTransaction { db in
            try db.execute(sql: "CREATE TABLE attachments (body BLOB)")
            try db.execute(sql: "INSERT INTO attachments VALUES (randomblob(50000000))")
        }
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: false)
    }

    /// Runs `nudge ARGUMENTS`, stops it while a `.nudge-` file is in `folder`
    /// (`NudgeBinary.stoppedWriting`), sends `number`, lets it go on; returns whether it ended
    /// by `number`.
    func endedBySignal(_ arguments: [String], folder: String, _ number: Int32) throws -> Bool {
        let run = try NudgeBinary.stoppedWriting(
            arguments, environment: environment, folder: folder, stdoutPath: directory.file("backup.out"),
            stderrPath: directory.file("backup.err"))
        run.signal(number)
        run.signal(SIGCONT)
        let status = run.waitForExit(timeout: 60)
        run.process.waitUntilExit()
        return status == number && run.process.terminationReason == .uncaughtSignal
    }

    @Test(arguments: [SIGINT, SIGTERM, SIGHUP]) func anOutputStoppedBySignalLeavesNothing(number: Int32) throws {
        #expect(try endedBySignal(["backup", "--output", out + "/x.sqlite"], folder: out, number))
        let left = try FileManager.default.contentsOfDirectory(atPath: out)
        #expect(left.isEmpty, "\(left)")
    }

    /// `nudge backup` into the backup folder: the folder keeps no copy either.
    @Test func aBackupIntoTheFolderStoppedByCtrlCLeavesNothing() throws {
        #expect(
            try NudgeBinary.run(["settings", "set", "backup.directory", out], environment: environment).status == 0)
        #expect(try endedBySignal(["backup"], folder: out, SIGINT))
        let left = try FileManager.default.contentsOfDirectory(atPath: out)
        #expect(left.isEmpty, "\(left)")
    }
}
