import Foundation
import GRDB
import NudgeTestSupport
import Testing

/// A store with two rows in every table, the intact one first (the smaller rowid): the fuzz
/// writes into the last row of each table, and each reading command must still show the first.
struct FuzzSeed {
    let path: String
    /// What each reading command must still show, by its arguments joined by spaces.
    let intact: [String: String]
    /// Text of the journal: no output but the journal's own may carry it.
    static let secret = "SECRET-journal"

    init(in directory: TemporaryDirectory, environment: [String: String]) throws {
        let path = directory.file("seeded.sqlite")
        self.path = path
        func nudge(_ arguments: String...) {
            let result = InProcessNudge.run(arguments + ["--store", path], environment: environment)
            #expect(result.status == 0, "\(arguments): \(result)")
        }
        nudge("log", "symptom", "Intact-headache", "--severity", "2", "--at", "2026-11-22T09:00")
        nudge("log", "symptom", "Fuzzed-nausea", "--severity", "4", "--at", "2026-11-22T10:00")
        nudge("settings", "set", "symptom.reminder_time", "21:30")
        nudge("settings", "set", "call.reminder_time", "10:15")
        nudge("dose", "1", "--at", "19:00")
        nudge("contacts", "add", "Alex", "--every", "7")
        nudge("contacts", "add", "Fuzzy", "--every", "14")
        nudge("call", "log", "Alex", "--at", "2026-11-20T10:00", "--duration", "5", "--notes", "intact-call")
        nudge("call", "log", "Fuzzy", "--at", "2026-11-21T10:00", "--duration", "9", "--notes", "fuzzed-call")
        nudge("call", "remind", "Alex", "--in", "2", "--note", "intact-reminder")
        nudge("call", "remind", "Fuzzy", "--in", "3", "--note", "fuzzed-reminder")
        nudge("meditations", "add", "--at", "2026-11-22T08:00", "--minutes", "20")
        nudge("meditations", "add", "--at", "2026-11-21T08:00", "--minutes", "15")
        for (day, type) in [("20", "iv"), ("21", "oral")] {
            nudge(
                "journal", "add", "--type", type, "--at", "2026-11-\(day)T10:00", "--intentions",
                "\(Self.secret)-intentions-\(day)", "--dose", "\(Self.secret)-dose", "--environment",
                "\(Self.secret)-environment", "--music", "\(Self.secret)-music", "--mood-before", "4", "--mood-after",
                "7")
        }
        let database = try DatabaseQueue(path: path)
        let firstSession = try database.read { db in
            try String.fetchOne(db, sql: "SELECT id FROM therapy_sessions ORDER BY rowid LIMIT 1") ?? ""
        }
        let firstMeditation = try database.read { db in
            try String.fetchOne(db, sql: "SELECT id FROM meditation_sessions ORDER BY rowid LIMIT 1") ?? ""
        }
        try database.close()
        for number in 1...2 {
            nudge("journal", "reflect", String(firstSession.prefix(8)), "--text", "\(Self.secret)-reflection-\(number)")
        }
        try Self.addSecondRows(path)
        let session = String(firstSession.prefix(8))
        intact = [
            "symptoms": "Intact-headache", "symptoms --chart": "Intact-headache",
            "symptoms export": "Intact-headache", "symptoms export --format html": "Intact-headache",
            "contacts list": "Alex", "call history": "intact-call", "call reminders": "intact-reminder",
            "meditations": String(firstMeditation.prefix(8)), "journal list": session,
            "journal show \(session)": "\(Self.secret)-intentions-20", "journal export": "\(Self.secret)-intentions-20",
            "settings": "21:30", "history": "answered 20:05: nothing-else", "upcoming": "Daily symptom check",
        ]
        journalSession = session
    }

    /// The intact journal session's id prefix, for `journal show`.
    let journalSession: String

    /// The rows no command writes twice: a second night's DoseTap rows, deliveries, a restarted
    /// cadence, a timed meditation, a second metadata row.
    private static func addSecondRows(_ path: String) throws {
        let database = try DatabaseQueue(path: path)
        try database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO sleep_sessions (session_id, session_date, start_utc)
                        VALUES ('S-2', '2026-11-21', '2026-11-21T21:00:00.000Z');
                    INSERT INTO dose_events (id, event_type, timestamp, session_date, session_id)
                        SELECT 'E-2', 'snooze', '2026-11-22T18:30:00.000Z', session_date, session_id FROM current_session;
                    INSERT INTO reminder_deliveries (reminder_key, kind, due_at, shown_at, action, acknowledged_at, title)
                        VALUES ('symptom:2026-11-20', 'symptom', '2026-11-20T19:00:00Z', '2026-11-20T19:00:01Z',
                                'nothing-else', '2026-11-20T19:05:00Z', 'Daily symptom check'),
                               ('symptom:2026-11-21', 'symptom', '2026-11-21T19:00:00Z', '2026-11-21T19:00:01Z',
                                NULL, NULL, 'Daily symptom check');
                    INSERT INTO call_cadence (contact_id, restarted_on) VALUES (1, '2026-11-01'), (2, '2026-11-02');
                    INSERT INTO meditation_sessions
                        (id, started_at, utc_offset_minutes, planned_seconds, interval_seconds, ended_at,
                         actual_seconds, outcome, source, created_at)
                        VALUES ('timer-1', '2026-11-22T18:00:00Z', 60, 1200, 300, '2026-11-22T18:20:00Z', 1200,
                                'completed', 'timer', '2026-11-22T17:59:45Z');
                    INSERT INTO store_metadata (key, value) VALUES ('fuzz_second', 'row');
                    """)
        }
        try database.close()
    }
}
