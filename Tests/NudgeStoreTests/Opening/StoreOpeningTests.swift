import Foundation
import GRDB
import NudgeCore
import NudgeTestSupport
import Testing

@testable import NudgeStore

@Suite struct StoreOpeningTests {
    let directory = TemporaryDirectory()

    @Test func createsANewStoreWithItsModesAndWAL() throws {
        let path = directory.file("data/nudge/nudge.sqlite")
        let store = try Store(path: path)
        let files = FileManager.default
        #expect(try files.attributesOfItem(atPath: directory.file("data/nudge"))[.posixPermissions] as? Int == 0o700)
        #expect(try files.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o600)
        let (mode, tables) = try store.database.read { db in
            (
                try String.fetchOne(db, sql: "PRAGMA journal_mode"),
                try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
            )
        }
        #expect(mode == "wal")
        for table in [
            "settings", "symptom_entries", "current_session", "sleep_sessions", "dose_events", "contacts", "call_logs",
            "call_reminders", "reminder_deliveries",
        ] {
            #expect(tables.contains(table), "missing \(table)")
        }
    }

    /// A file another program made empty, with the umask's 0644, becomes a store only its
    /// owner reads; a store with contents keeps the mode its owner gave it.
    /// A settings value another program wrote as a number reads as its text; a blob or NULL as
    /// a value no setting accepts, so that the daemon warns of it and the default applies (a
    /// blob was left out without a word, and a person's setting silently stopped applying).
    @Test func aSettingsValueThatIsNotTextIsReadAsOneNoSettingAccepts() throws {
        let store = try Store(path: directory.file("nudge.sqlite"))
        try store.database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO settings (key, value, updated_at) VALUES
                        ('notify.reshow_minutes', x'00ff', 'x'), ('dose.max_snoozes', 2, 'x'),
                        ('symptom.snooze_minutes', 45.0, 'x')
                    """)
        }
        let rows = try store.settingRows()
        #expect(rows["notify.reshow_minutes"] == Store.notText && rows["dose.max_snoozes"] == "2")
        #expect(rows["symptom.snooze_minutes"] == "45.0")
        let settings = try store.settings()
        #expect(settings.int(ExpiredReshow.minutes) == 30 && settings.int(.doseMaxSnoozes) == 2)
    }

    @Test func anEmptyFileBecomesAStoreWithANewStoresMode() throws {
        let empty = directory.file("empty.sqlite")
        #expect(FileManager.default.createFile(atPath: empty, contents: Data(), attributes: [.posixPermissions: 0o644]))
        _ = try Store(path: empty)
        #expect(try FileManager.default.attributesOfItem(atPath: empty)[.posixPermissions] as? Int == 0o600)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: empty)
        _ = try Store(path: empty)
        #expect(try FileManager.default.attributesOfItem(atPath: empty)[.posixPermissions] as? Int == 0o640)
    }

    /// v8's frozen SQL and the reads that rely on its partial index say "owed" alike: a change
    /// to `DeliveryRecord.owedSQL()` alone would leave every plan scanning the deliveries.
    @Test func theOwedIndexMatchesTheOwedCondition() throws {
        let store = try Store(path: directory.file("nudge.sqlite"))
        let sql = try store.database.read { db in
            try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = 'reminder_deliveries_owed'")
        }
        #expect(sql?.hasSuffix("WHERE \(DeliveryRecord.owedSQL())") == true, "\(sql ?? "none")")
    }

    @Test func opensAStoreTheDoseTrackerMadeAndLeavesItsTablesAlone() throws {
        let path = directory.file("dosetap.sqlite")
        try DoseTapFixture.create(at: path)
        let before = try StoreDump.of(path, tables: DoseTapFixture.tables)
        _ = try Store(path: path)
        _ = try Store(path: path)
        #expect(try StoreDump.of(path, tables: DoseTapFixture.tables) == before)
        #expect(before.contains("sodium-oxybate") && before.contains("count"))
    }

    @Test func refusesAStoreANewerNudgeMigrated() throws {
        let path = directory.file("newer.sqlite")
        _ = try Store(path: path)
        let database = try DatabaseQueue(path: path)
        try database.write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v9 from the future')")
        }
        try database.close()
        let before = try StoreDump.of(path)
        #expect(throws: StoreError.newerSchema(path: path, unknownMigrations: ["v9 from the future"])) {
            try Store(path: path)
        }
        #expect(try StoreDump.of(path) == before)
    }

    @Test func refusesAFileThatIsNotSQLiteWithoutWritingToIt() throws {
        let path = directory.file("notes.txt")
        let text = Data(String(repeating: "my shopping list\n", count: 400).utf8)
        _ = FileManager.default.createFile(atPath: path, contents: text)
        #expect(throws: StoreError.notADatabase(path: path)) { try Store(path: path) }
        #expect(StoreDump.bytes(path) == text)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }

    @Test func refusesADirectory() throws {
        #expect(throws: StoreError.cannotOpen(path: directory.path, reason: "it is a directory")) {
            try Store(path: directory.path)
        }
    }

    /// Every command opens the store; a daemon must not see that as a change (GRDB's own WAL
    /// setup wrote a table and dropped it whenever the -wal file was empty).
    @Test func openingTheStoreWritesNothing() throws {
        let path = directory.file("quiet.sqlite")
        let daemon = try Store(path: path)
        try daemon.database.writeWithoutTransaction { db in _ = try db.checkpoint(.truncate) }
        let before = try daemon.dataVersion()
        for _ in 0..<3 { _ = try Store(path: path).settingRows() }
        #expect(try daemon.dataVersion() == before)
    }

    @Test func dataVersionMovesOnlyForOtherConnections() throws {
        let path = directory.file("version.sqlite")
        let store = try Store(path: path)
        let first = try store.dataVersion()
        try store.setSetting(.symptomReminderTime, to: "21:00", at: TestClock.now())
        #expect(try store.dataVersion() == first)
        let other = try Store(path: path)
        try other.setSetting(.symptomReminderTime, to: "22:00", at: TestClock.now())
        #expect(try store.dataVersion() != first)
    }

    /// A table of nudge's that another program made with another shape: refused before anything
    /// is written, the file byte for byte as it was.
    @Test(arguments: [
        ("CREATE TABLE settings(x)", "table settings has no columns key, value, updated_at"),
        (
            "CREATE TABLE dose_events(id, foo)",
            "table dose_events has no columns event_type, timestamp, session_date, session_id, metadata, created_at"
        ),
        (
            "CREATE TABLE notes(a); CREATE VIEW contacts AS SELECT a AS id FROM notes",
            "contacts is a view, where nudge keeps a table"
        ),
        ("CREATE TABLE settings(key TEXT, value TEXT, updated_at TEXT)", "table settings has no unique key"),
        (
            "CREATE TABLE reminder_deliveries(id, reminder_key, kind, due_at, shown_at, notification_id, closed_at, closed_reason, action)",
            "table reminder_deliveries has no column acknowledged_at"
        ),
        (
            "CREATE TABLE meditation_sessions(id PRIMARY KEY, started_at, minutes)",
            "table meditation_sessions has no columns utc_offset_minutes, planned_seconds, interval_seconds, ended_at, actual_seconds, outcome, source, created_at"
        ),
    ])
    func refusesATableOfNudgesWithAnotherShape(sql: String, problem: String) throws {
        let path = directory.file("foreign.sqlite")
        let database = try DatabaseQueue(path: path)
        try database.write { db in try db.execute(sql: sql) }
        try database.close()
        let before = try #require(StoreDump.bytes(path))
        #expect(throws: StoreError.unusable(path: path, problem: problem)) { try Store(path: path) }
        #expect(StoreDump.bytes(path) == before)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }

    @Test func aStoreMadeToTheContractWithoutNudgesOwnColumnsGetsThem() throws {
        let path = directory.file("contract.sqlite")
        let database = try DatabaseQueue(path: path)
        try database.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE reminder_deliveries (id INTEGER PRIMARY KEY, reminder_key TEXT NOT NULL UNIQUE, kind TEXT NOT NULL,
                        due_at TEXT NOT NULL, shown_at TEXT, notification_id INTEGER, closed_at TEXT, closed_reason TEXT, action TEXT,
                        acknowledged_at TEXT)
                    """)
        }
        try database.close()
        let store = try Store(path: path)
        #expect(try store.scheduleInput(at: TestClock.now(), clock: WallClock(zone: .system("UTC"))).deliveries.isEmpty)
    }

    @Test func refusesADamagedFileAndSaysToRestoreABackup() throws {
        let good = directory.file("good.sqlite")
        let store = try Store(path: good)
        for index in 0..<200 {
            try store.addSymptom(
                name: "Headache \(index)", severity: 2, notes: nil, loggedAt: TestClock.now(), now: TestClock.now())
        }
        try store.database.writeWithoutTransaction { db in _ = try db.checkpoint(.truncate) }
        let bytes = try #require(StoreDump.bytes(good))
        let damaged = directory.file("damaged.sqlite")
        _ = FileManager.default.createFile(atPath: damaged, contents: bytes.prefix(3000))
        #expect {
            try Store(path: damaged)
        } throws: { error in
            guard case .damaged = error as? StoreError else { return false }
            return "\(error)".contains("restore a backup")
        }
    }

    @Test func namesALinkThatLoopsOrLeadsNowhere() throws {
        let loop = directory.file("loop.sqlite")
        try FileManager.default.createSymbolicLink(atPath: loop, withDestinationPath: loop)
        #expect(
            throws: StoreError.cannotOpen(
                path: loop, reason: "it is a symbolic link that loops (via \(loop)); remove the link")
        ) {
            try Store(path: loop)
        }
        let dangling = directory.file("dangling.sqlite")
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: "/nonexistent/nudge.sqlite")
        #expect(
            throws: StoreError.cannotOpen(
                path: dangling,
                reason:
                    "it is a symbolic link to /nonexistent/nudge.sqlite, which does not exist; create /nonexistent/nudge.sqlite, or remove the link"
            )
        ) { try Store(path: dangling) }
    }
}
