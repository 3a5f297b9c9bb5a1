import Foundation
import Glibc
import NudgeTestSupport
import Testing

/// Every `--output` (the diary's and the journal's exports): never onto the store or one of its
/// files under any name, only over a regular file, and a failed write leaves the file that was
/// there as it was, with nothing half-written beside it.
@Suite struct OutputFileTests: CommandScenario {
    let directory = TemporaryDirectory()
    static let exports = [["symptoms", "export"], ["symptoms", "export", "--format", "html"], ["journal", "export"]]

    /// A store with a diary entry and a session, a click ledger and a draft.
    func storeInUse() throws {
        #expect(nudge("log", "symptom", "Headache", "--severity", "3", "--at", "19:00").status == 0)
        #expect(nudge("journal", "add", "--type", "oral", "--at", "14:00", "--intentions", "private words").status == 0)
        try FileManager.default.createDirectory(atPath: store + ".drafts", withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: store + ".drafts/session.json", contents: Data("{}".utf8)))
        #expect(FileManager.default.createFile(atPath: store + ".answers", contents: Data()))
        #expect(FileManager.default.createFile(atPath: store + ".awaiting", contents: Data(count: 65_536)))
    }

    /// Each of the store's files, and the store under other names.
    static let targets = [
        "the store", "the store through a hard link", "the store through a symbolic link",
        "the store by a relative path", "-wal", "-shm",
        ".answers", ".awaiting", "a draft",
    ]

    func path(of target: String) throws -> String {
        switch target {
        case "the store": return store
        case "the store through a hard link":
            let link = directory.file("copy.sqlite")
            if !FileManager.default.fileExists(atPath: link) { #expect(Glibc.link(store, link) == 0) }
            return link
        case "the store through a symbolic link":
            let link = directory.file("linked")
            try? FileManager.default.createDirectory(atPath: link, withIntermediateDirectories: true)
            try? FileManager.default.removeItem(atPath: link)
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: directory.path)
            return link + "/nudge.sqlite"
        case "the store by a relative path":
            return directory.path + "/./../" + (directory.path as NSString).lastPathComponent + "/nudge.sqlite"
        case "a draft": return store + ".drafts/session.json"
        default: return store + target
        }
    }

    /// The bytes of the store's files that only a writer changes, and whether SQLite's WAL or
    /// shared memory begins as an export does.
    func storeFiles() -> [String: Data] {
        var files: [String: Data] = [:]
        for suffix in ["", ".answers", ".awaiting", ".drafts/session.json"] {
            files[suffix] = FileManager.default.contents(atPath: store + suffix)
        }
        for suffix in ["-wal", "-shm"] {
            let head = FileManager.default.contents(atPath: store + suffix)?.prefix(5) ?? Data()
            files[suffix] = Data(
                ["# The", "# Sym", "date,", "[\n  {"].contains(String(decoding: head, as: UTF8.self))
                    ? "an export".utf8 : "sqlite".utf8)
        }
        return files
    }

    @Test(arguments: exports, targets)
    func anExportIsNeverWrittenOntoTheStore(export: [String], target: String) throws {
        try storeInUse()
        let output = try path(of: target)
        let before = storeFiles()
        try InProcessNudge.expectRefusal(
            export + ["--output", output], store: store, environment: environment,
            mentioning: "is the store or one of its files; give another path")
        #expect(storeFiles() == before, "\(target)")
    }

    /// Something there that is not a regular file: a FIFO (which blocked the export for ever), a
    /// directory, a device (as root, /dev/full lost its mode to 0600), a link.
    @Test(arguments: exports)
    func onlyARegularFileIsReplaced(export: [String]) throws {
        try storeInUse()
        let fifo = directory.file("pipe")
        #expect(mkfifo(fifo, 0o644) == 0)
        let device = directory.file("null")
        let haveDevice = mknod(device, S_IFCHR | 0o666, (1 << 8) | 3) == 0
        let deviceMode = try? FileManager.default.attributesOfItem(atPath: device)[.posixPermissions] as? Int
        let link = directory.file("link.md")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: directory.file("elsewhere.md"))
        for output in [fifo, directory.path, link] + (haveDevice ? [device] : []) {
            try InProcessNudge.expectRefusal(
                export + ["--output", output], store: store, environment: environment,
                mentioning: "is not a regular file")
        }
        if haveDevice {
            #expect(try FileManager.default.attributesOfItem(atPath: device)[.posixPermissions] as? Int == deviceMode)
        }
        #expect(!FileManager.default.fileExists(atPath: directory.file("elsewhere.md")))
        try InProcessNudge.expectRefusal(
            export + ["--output", ""], store: store, environment: environment, mentioning: "--output is empty")
    }

    /// A write that fails (here at the file-size limit, as at a full disk) leaves the previous
    /// export whole and no temporary file beside it.
    @Test(arguments: exports)
    func aFailedWriteKeepsThePreviousExport(export: [String]) throws {
        try storeInUse()
        // More than 100 KiB of each export, past the limit; the store's shared memory (32 KiB) within it.
        let sql = """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 400)
            INSERT INTO symptom_entries (id, name, severity, logged_at, notes, created_at, updated_at)
                SELECT 'e' || i, 'Symptom ' || i, 2, '2026-11-22T10:00:00Z', printf('%.400c', 'n'), '2026-11-22T10:00:00Z', '2026-11-22T10:00:00Z' FROM n;
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 40)
            INSERT INTO therapy_sessions (id, started_at, treatment_type, intentions, created_at, updated_at)
                SELECT 's' || i, '2026-11-20T09:00:00Z', 'oral', printf('%.4000c', 'i'), '2026-11-20T09:00:00Z', '2026-11-20T09:00:00Z' FROM n;
            """
        #expect(try Subprocess.run("/usr/bin/sqlite3", [store, sql]).status == 0)
        let output = directory.file("exports/previous.txt")
        try FileManager.default.createDirectory(atPath: directory.file("exports"), withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: output, contents: Data("the export of last month\n".utf8)))
        let command = (["exec", NudgeBinary.path] + export + ["--output", output, "--store", store]).map { "'\($0)'" }
            .joined(separator: " ")
        // An ignored SIGXFSZ is inherited: past the limit, write() fails with EFBIG.
        let result = try Subprocess.run(
            "/bin/sh", ["-c", "trap '' XFSZ; ulimit -f 100; \(command)"],
            environment: NudgeBinary.environment(environment.merging(["NUDGE_STORE": store]) { $1 }))
        #expect(
            result.status == 73
                && result.stderr.contains("File too large; the file there before, if any, is unchanged"),
            "\(result.status) \(result.stderr)")
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "the export of last month\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.file("exports")) == ["previous.txt"])
    }

    /// Without --format, a file named .json gets JSON (it got Markdown).
    @Test func aJournalExportNamedJSONIsJSON() throws {
        try storeInUse()
        let output = directory.file("journal.json")
        #expect(nudge("journal", "export", "--output", output).status == 0)
        let decoded =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: output))) as? [[String: Any]]
        #expect(decoded?.count == 1 && decoded?.first?["intentions"] as? String == "private words")
    }
}
