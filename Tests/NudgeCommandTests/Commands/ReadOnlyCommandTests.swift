import Foundation
import NudgeStore
import NudgeTestSupport
import Testing

/// A command that only reads, or is refused, creates, converts and migrates nothing: no store
/// where there was none, no nudge tables or WAL in another program's SQLite file, not a byte of
/// a store changed (it reads through SQLite's locks, so an empty `-wal` and a `-shm` may appear).
@Suite struct ReadOnlyCommandTests {
    let directory = TemporaryDirectory()
    var store: String { directory.file("data/nudge.sqlite") }
    let environment = ["TZ": "Europe/Berlin", "NUDGE_FAKE_NOW": "2026-11-22T20:00:00+01:00"]

    func nudge(_ arguments: [String], store: String? = nil) -> CommandResult {
        InProcessNudge.run(arguments + ["--store", store ?? self.store], environment: environment)
    }

    /// The files in the test's directory, with their bytes.
    func files() throws -> [String: Data] {
        var found: [String: Data] = [:]
        for name in FileManager.default.subpaths(atPath: directory.path) ?? [] {
            found[name] = FileManager.default.contents(atPath: directory.file(name)) ?? Data()
        }
        return found
    }

    @Test func readingCommandsAndARefusedMeditationMakeNoStore() throws {
        let doctor = nudge(["doctor"])
        #expect(doctor.stdout.contains("ok      store: no store yet at \(store)"), "\(doctor)")
        let refused = nudge(["meditate", "10m", "--detach"])
        #expect(refused.status == 64 && refused.stderr.contains("no nudge daemon runs"), "\(refused)")
        for arguments in [
            ["meditate", "status"], ["symptoms"], ["settings"], ["journal", "list"], ["dose", "status"],
            ["contacts", "list"], ["upcoming"],
        ] {
            #expect(nudge(arguments).status == 0, "\(arguments)")
        }
        let left = try files()
        #expect(left.isEmpty, "\(left.keys.sorted())")
    }

    /// Another program's SQLite file: read as it is (nothing of nudge's in it yet), left byte
    /// for byte, not switched to WAL.
    @Test(arguments: [["meditate", "status"], ["symptoms"], ["journal", "list"], ["doctor"]])
    func anotherProgramsFileIsLeftAsItIs(arguments: [String]) throws {
        let foreign = directory.file("foreign.sqlite")
        #expect(
            try Subprocess.run(
                "/usr/bin/sqlite3", [foreign, "CREATE TABLE notes (x); INSERT INTO notes VALUES ('mine');"]
            ).status == 0)
        let before = try files()
        let result = nudge(arguments, store: foreign)
        #expect(ReadingCommands.succeeded(arguments, result) && !result.stdout.isEmpty, "\(result)")
        #expect(try files() == before)
    }

    /// A reader (listing or completion) changes not a byte of the store; the WAL it may leave
    /// beside it is empty.
    @Test func aReaderChangesNoByteOfTheStore() throws {
        #expect(nudge(["log", "symptom", "Headache", "--severity", "2"]).status == 0)
        let before = try files()
        #expect(before.keys.sorted() == ["data", "data/nudge.sqlite"], "\(before.keys.sorted())")
        #expect(nudge(["symptoms"]).stdout.contains("Headache"))
        #expect(CompletionNames.symptoms(storePath: store, prefix: "he") == ["Headache"])
        let after = try files()
        #expect(after["data/nudge.sqlite"] == before["data/nudge.sqlite"])
        #expect(after["data/nudge.sqlite-wal"]?.isEmpty ?? true, "\(after.keys.sorted())")
        #expect(
            Set(after.keys).subtracting(before.keys).isSubset(of: ["data/nudge.sqlite-wal", "data/nudge.sqlite-shm"]))
    }

    /// The commands that change a row a person names, refused because there is none: no store
    /// is made (issue 40, hostile round: each created and migrated one), whether the command
    /// looks the row up before writing or is refused inside its write.
    static let refusedChanges: [[String]] = [
        ["call", "log", "Sam"], ["meds", "taken", "X"], ["meds", "edit", "X", "--at", "9"], ["meds", "remove", "X"],
        ["call", "remind", "Sam", "--in", "2d"], ["contacts", "edit", "Sam", "--every", "3"],
        ["contacts", "remove", "Sam"], ["reminders", "edit", "1", "--at", "9"], ["reminders", "delete", "1", "--yes"],
        ["symptoms", "delete", "abcd", "--yes"], ["journal", "reflect", "abcd"], ["dose", "2"], ["dose", "snooze"],
        ["dose", "skip"], ["ack", "5", "done"], ["meditations", "delete", "abcd", "--yes"],
        ["call", "delete", "abcd", "--yes"], ["call", "reminders", "cancel", "3"],
        ["call", "reminders", "edit", "3", "--at", "9"], ["meditate", "stop"],
    ]

    @Test func aRefusedChangeMakesNoStore() throws {
        for arguments in Self.refusedChanges {
            let refused = nudge(arguments)
            #expect(
                refused.status == 64 && refused.stderr.split(separator: "\n").count == 1, "\(arguments): \(refused)")
            let left = try files()
            #expect(left.isEmpty, "\(arguments) left \(left.keys.sorted())")
        }
        #expect(nudge(["contacts", "add", "Sam"]).status == 0)
        #expect(try files().keys.contains("data/nudge.sqlite"))
    }

    /// Another program's SQLite file stays as it was, byte for byte, when a change is refused;
    /// the first change that is written makes it nudge's.
    @Test func aRefusedChangeLeavesAnotherProgramsFile() throws {
        let foreign = directory.file("foreign.sqlite")
        #expect(try Subprocess.run("/usr/bin/sqlite3", [foreign, "CREATE TABLE notes (x)"]).status == 0)
        let before = try files()
        for arguments in [["call", "log", "Nobody"], ["dose", "snooze"], ["meds", "remove", "X"]] {
            #expect(nudge(arguments, store: foreign).status == 64, "\(arguments)")
            #expect(try files() == before, "\(arguments)")
        }
        #expect(try StoreQuery.rows(foreign, "SELECT name FROM sqlite_master WHERE type = 'table'").count == 1)
        #expect(nudge(["contacts", "add", "Sam"], store: foreign).status == 0)
        let logged = nudge(["call", "log", "Sam"], store: foreign)
        #expect(logged.stdout.hasPrefix("logged a call with Sam"), "\(logged)")
    }
}
