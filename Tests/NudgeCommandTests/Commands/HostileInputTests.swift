import Foundation
import NudgeTestSupport
import Testing

/// What a hostile tester tries beyond the refusal tables: one name for two people, bytes that
/// are not UTF-8, control characters another program stored, defaults, an empty TZ.
@Suite struct HostileInputTests: CommandScenario {
    let directory = TemporaryDirectory()
    let environment = CommandScenarioClock.newYorkEvening

    /// `call log 1` when contact 1 is Alex and contact 2 is named "1": neither is guessed.
    @Test func anIdThatIsAnotherContactsNameIsAmbiguous() throws {
        #expect(nudge("contacts", "add", "Alex").status == 0)
        #expect(nudge("contacts", "add", "1").status == 0)
        let before = try StoreDump.of(store)
        let refused = nudge("call", "log", "1")
        #expect(refused.status == 64)
        #expect(
            refused.stderr
                == "nudge: '1' is the id of Alex and the name of contact 2; give id:1 for Alex, or id:2 for the contact named '1'\n"
        )
        #expect(try StoreDump.of(store) == before)
        #expect(nudge("call", "log", "id:2").stdout.hasPrefix("logged a call with 1 at"))
        #expect(nudge("call", "log", "id:1").stdout.hasPrefix("logged a call with Alex at"))
        #expect(
            nudge("call", "log", "id:9").stderr
                == "nudge: no contact has the id '9'; 'nudge contacts list' shows them\n")
    }

    @Test func argumentsThatAreNotUTF8AreRefused() throws {
        try StoreQuery.create(store)
        let before = try StoreDump.of(store)
        let result = try Subprocess.run(
            "/bin/sh",
            [
                "-c", #"exec "$0" log symptom "$(printf 'Head\377ache')" --severity 2 --store "$1""#, NudgeBinary.path,
                store,
            ],
            environment: NudgeBinary.environment(environment))
        #expect(result.status == 64)
        #expect(result.stderr == "nudge: argument 3 is not valid UTF-8; give it in UTF-8\n", "\(result)")
        #expect(try StoreDump.of(store) == before)
    }

    /// Another program may store a newline or an escape sequence; a listing stays one line an entry.
    @Test func listingsPrintOneLinePerEntryWhateverTheTextHolds() throws {
        #expect(nudge("contacts", "add", "Alex").status == 0)
        #expect(nudge("call", "remind", "Alex", "--in", "2").status == 0)
        let database = directory.file("nudge.sqlite")
        _ = try Subprocess.run(
            "/usr/bin/sqlite3",
            [
                database,
                "UPDATE call_reminders SET note = 'line' || char(27) || '[31m one' || char(10) || 'two'; UPDATE contacts SET name = 'Al' || char(13) || 'ex'",
            ])
        let listed = nudge("call", "reminders")
        #expect(listed.stdout.split(separator: "\n").count == 2, "\(listed.stdout)")
        #expect(
            listed.stdout.contains("line\u{FFFD}[31m one…") && listed.stdout.contains("Al\u{FFFD}ex")
                && !listed.stdout.contains("\u{1B}") && !listed.stdout.contains("\r"), "\(listed.stdout)")
        #expect(nudge("contacts", "list").stdout.split(separator: "\n").count == 2)
    }

    @Test func settingTheDefaultLeavesNoRow() throws {
        #expect(nudge("settings", "set", "symptom.reminder_time", "21:00").status == 0)
        #expect(
            nudge("settings", "set", "symptom.reminder_time", "8pm").stdout == "symptom.reminder_time = 20:00\n")
        #expect(try StoreQuery.rows(store, "SELECT count(*) AS n FROM settings").first?["n"] == "0")
    }

    /// libc reads an empty TZ as UTC; so does nudge, whatever /etc/localtime says.
    @Test func anEmptyTZIsUTC() throws {
        var environment = NudgeBinary.environment([
            "NUDGE_FAKE_NOW": "2026-11-21T19:10:00Z", "NUDGE_LOCALTIME": "/usr/share/zoneinfo/Asia/Tokyo",
        ])
        environment["TZ"] = ""
        let result = try Subprocess.run(
            NudgeBinary.path, ["log", "symptom", "Headache", "--severity", "2", "--at", "19:00", "--store", store],
            environment: environment)
        #expect(result.stdout == "logged Headache (2) at 19:00 today, 2026-11-21 19:00 UTC\n", "\(result)")
    }

    /// An empty --store (an unset shell variable) is a mistake, not a request for another store.
    @Test func anEmptyStorePathIsRefused() throws {
        let home = directory.file("home")
        let result = InProcessNudge.run(
            ["settings", "--store", ""], environment: ["HOME": home, "NUDGE_STORE": store])
        #expect(
            result.status == 64
                && result.stderr
                    == "nudge: --store is empty; give the store's path, or leave --store out for the default store\n"
        )
        #expect(!FileManager.default.fileExists(atPath: store) && !FileManager.default.fileExists(atPath: home))
    }

    /// Root writes whatever the mode says, so these run the binary as nobody.
    @Test(arguments: [
        (0o444, 0o755, "the file is not writable for this user (mode 444); chmod u+rw"),
        (0o666, 0o555, "is not writable for this user; chmod u+wx"),
    ])
    func aStoreThatCannotBeWrittenSaysWhichAndHow(fileMode: Int, directoryMode: Int, message: String) throws {
        let folder = directory.file("shared")
        let path = folder + "/nudge.sqlite"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try StoreQuery.create(path)
        for file in [path, path + "-wal", path + "-shm"] where FileManager.default.fileExists(atPath: file) {
            try FileManager.default.setAttributes([.posixPermissions: fileMode], ofItemAtPath: file)
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.path)
        try FileManager.default.setAttributes([.posixPermissions: directoryMode], ofItemAtPath: folder)
        let before = StoreDump.bytes(path)
        let result = try Subprocess.run(
            "/usr/bin/setpriv",
            [
                "--reuid=65534", "--regid=65534", "--clear-groups", NudgeBinary.path, "settings", "set",
                "symptom.reminder_time", "21:00", "--store", path,
            ],
            environment: NudgeBinary.environment(environment))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder)
        #expect(result.status == 77, "\(result)")
        #expect(
            result.stderr.hasPrefix("nudge: cannot write the store \(path): ") && result.stderr.contains(message),
            "\(result)")
        #expect(StoreDump.bytes(path) == before)
    }
}
