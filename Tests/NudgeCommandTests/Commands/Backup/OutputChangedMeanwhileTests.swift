import Foundation
import GRDB
import NudgeTestSupport
import Testing

/// `backup --output` against what happens to its path and folder while it writes (hostile
/// round 27 on issue 39). The real binary is stopped the moment its temporary file appears,
/// the change is made, and it goes on: the person's file is never replaced, and the
/// temporary copy of the store never stays behind.
@Suite(.ownThread, .hangBound(minutes: 3)) struct OutputChangedMeanwhileTests {
    let directory = TemporaryDirectory()
    var store: String { directory.file("nudge.sqlite") }
    var out: String { directory.file("out") }
    var environment: [String: String] { ["TZ": "UTC", "NUDGE_STORE": store] }

    init() throws {
        #expect(
            try NudgeBinary.run(["log", "symptom", "sneeze", "--severity", "2"], environment: environment).status == 0)
        // 4 MB more to copy and check: the stop mostly reaches the backup while it writes.
        try DatabaseQueue(path: store).write { db in
            try db.execute(sql: "CREATE TABLE attachments (body BLOB)")
            try db.execute(
                sql: """
                    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000)
                    INSERT INTO attachments SELECT randomblob(4096) FROM n
                    """)
        }
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: false)
    }

    /// `backup --output out/NAME` started, and stopped while its temporary file is there
    /// (`NudgeBinary.stoppedWriting`).
    func stoppedBackup(_ name: String) throws -> Spawned {
        try NudgeBinary.stoppedWriting(
            ["backup", "--output", out + "/" + name], environment: environment, folder: out,
            stdoutPath: directory.file("backup.out"), stderrPath: directory.file("backup.err"))
    }

    /// Runs `backup --output out/NAME`, stopped while `meanwhile` runs; returns its status and
    /// what it printed.
    func backUp(_ name: String, meanwhile: () throws -> Void) throws -> (Int32?, String) {
        let run = try stoppedBackup(name)
        try meanwhile()
        run.signal(SIGCONT)
        let status = run.waitForExit(timeout: 60)
        let printed = (try? String(contentsOfFile: directory.file("backup.out"), encoding: .utf8)) ?? ""
        return (status, printed + run.stderr)
    }

    /// Notes saved under the name while the backup was written stay as they are.
    @Test func aFileSavedAtTheOutputMeanwhileIsLeftAsItIs() throws {
        let (status, printed) = try backUp("r1.sqlite") {
            try Data("notes\n".utf8).write(to: URL(fileURLWithPath: out + "/r1.sqlite"))
        }
        #expect(status == 73 && printed.contains("that file is left as it is and no backup was written"), "\(printed)")
        #expect(FileManager.default.contents(atPath: out + "/r1.sqlite") == Data("notes\n".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: out) == ["r1.sqlite"])
    }

    /// The folder moved away midway, a new one made at its path: the backup says so, and no
    /// temporary copy of the store stays in either folder (round 27: a 76 MB copy stayed in
    /// the moved one, named nowhere, after "cannot sync": No such file or directory).
    @Test func aFolderMovedAwayMeanwhileKeepsNoCopyOfTheStore() throws {
        let moved = directory.file("out.moved")
        let (status, printed) = try backUp("x.sqlite") {
            #expect(rename(out, moved) == 0)
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: false)
        }
        #expect(
            status == 74
                && printed
                    == "nudge: the folder \(out) was moved or replaced while the backup was written; no backup was written; run nudge backup again\n",
            "\(printed)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: moved).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).isEmpty)
    }

    /// A backup to another name in the folder killed midway left a whole copy of the store:
    /// the next backup into the folder removes it and names it.
    @Test func aKilledBackupToAnotherNameIsRemovedByTheNextIntoItsFolder() throws {
        let killed = try stoppedBackup("k3.sqlite")
        killed.signal(SIGKILL)
        _ = killed.waitForExit(timeout: 30)
        let left = try #require(
            try FileManager.default.contentsOfDirectory(atPath: out).first {
                $0.hasPrefix(".nudge-k3") && !$0.hasSuffix("-journal")
            })
        let next = try NudgeBinary.run(["backup", "--output", out + "/k4.sqlite"], environment: environment)
        #expect(next.stdout.hasSuffix("; removed what a backup killed midway left: \(left)\n"), "\(next)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out) == ["k4.sqlite"])
    }
}
