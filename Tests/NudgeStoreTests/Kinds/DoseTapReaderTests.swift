import Foundation
import NudgeCore
import NudgeTestSupport
import Testing

@testable import NudgeStore

/// DoseTap reads what nudge writes: on a store shaped as DoseTap's app makes it, every time nudge
/// writes into DoseTap's tables parses with the formatter DoseTap reads them with, and queries
/// that read as DoseTap's app does (the current session's row; a session's events by time)
/// return the night nudge recorded.
@Suite struct DoseTapReaderTests {
    let directory = TemporaryDirectory()
    let clock = WallClock(zone: .system("America/New_York"))
    let settings = Settings()
    var path: String { directory.file("dosetap.sqlite") }
    /// A dose 1 with a fraction of a second, as a click or `nudge dose 1` records it.
    let dose1 = Timestamp.parse("2026-11-21T03:10:00.923456Z")!

    func rows(_ sql: String) throws -> [[String: String]] { try StoreQuery.rows(path, sql) }

    /// The instant DoseTap reads from a column of the current session, or nil.
    func currentSession(_ column: String) throws -> Date? {
        try rows("SELECT \(column) FROM current_session WHERE id = 1").first?[column].flatMap(DoseTapFixture.read)
    }

    /// A session's events as DoseTap lists them: by session id or date, in the text order of
    /// their times, each time read by its formatter (nil where it finds none).
    func events(of session: DoseSession) throws -> [(type: String, at: Date?)] {
        try rows(
            """
            SELECT event_type, timestamp FROM dose_events
            WHERE (session_id = '\(session.sessionID)' OR session_date = '\(session.sessionDate)') ORDER BY timestamp ASC
            """
        ).map { ($0["event_type"] ?? "", $0["timestamp"].flatMap(DoseTapFixture.read)) }
    }

    /// What DoseTap's formatter gives back for an instant nudge recorded: its milliseconds.
    func milliseconds(_ instant: Date) -> Date {
        Date(timeIntervalSince1970: (instant.timeIntervalSince1970 * 1000).rounded(.down) / 1000)
    }

    func answer(_ store: Store, _ answer: DoseAnswer, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let outcome = try store.recordDoseAnswer(answer, deliveryID: nil, settings: settings, clock: clock)
        guard case .recorded = outcome else {
            Issue.record("\(answer) was not recorded: \(outcome)", sourceLocation: sourceLocation)
            return
        }
    }

    @Test func aNightRecordedThroughNudgeIsTheNightDoseTapReads() throws {
        try DoseTapFixture.create(at: path)
        let store = try Store(path: path)
        let session = try store.startDoseSession(at: dose1, newSession: false, settings: settings, clock: clock).get()
        let window = DoseWindow(session: session, settings: settings)
        let snoozed = window.opensAt.addingTimeInterval(0.5)
        let taken = window.opensAt.addingTimeInterval(1200.25)
        try answer(store, .snooze(at: snoozed))
        try answer(store, .take(at: taken, early: false, extra: false))

        #expect(try currentSession("dose1_time") == milliseconds(dose1))
        #expect(try currentSession("session_start_utc") == milliseconds(dose1))
        #expect(try currentSession("dose2_time") == milliseconds(taken), "DoseTap would show dose 2 as not taken")
        #expect(try rows("SELECT dose1_time FROM current_session").first?["dose1_time"] == "2026-11-21T03:10:00.923Z")
        let sleep = try #require(
            try rows("SELECT start_utc FROM sleep_sessions WHERE session_id = '\(session.sessionID)'").first)
        #expect(sleep["start_utc"].flatMap(DoseTapFixture.read) == milliseconds(dose1))

        let night = try events(of: session)
        #expect(night.map(\.type) == ["dose1", "snooze", "dose2"])
        #expect(
            night.map(\.at) == [milliseconds(dose1), milliseconds(snoozed), milliseconds(taken)],
            "DoseTap drops an event it cannot read")
        #expect(try store.currentDoseSession()?.dose2 == milliseconds(taken), "nudge reads back what DoseTap reads")
    }

    /// Every other answer nudge records in DoseTap's tables: an early dose 2, a skip, the
    /// person's "missed", and a third dose.
    @Test(arguments: ["early", "skip", "missed", "extra"])
    func everyAnswerIsATimeDoseTapReads(_ kind: String) throws {
        try DoseTapFixture.create(at: path)
        let store = try Store(path: path)
        let session = try store.startDoseSession(at: dose1, newSession: false, settings: settings, clock: clock).get()
        let window = DoseWindow(session: session, settings: settings)
        switch kind {
        case "early": try answer(store, .take(at: window.opensAt.addingTimeInterval(-600.5), early: true, extra: false))
        case "skip": try answer(store, .skip(at: window.opensAt.addingTimeInterval(60.125), reason: "felt unwell"))
        case "missed": try answer(store, .missed(at: window.closesAt.addingTimeInterval(3600.75)))
        default:
            try answer(store, .take(at: window.opensAt.addingTimeInterval(60.125), early: false, extra: false))
            try answer(store, .take(at: window.opensAt.addingTimeInterval(120.5), early: false, extra: true))
        }
        let night = try events(of: session)
        #expect(night.count >= 2 && night.allSatisfy { $0.at != nil }, "\(night)")
        let times = try rows("SELECT timestamp FROM dose_events WHERE session_id = '\(session.sessionID)'").compactMap {
            $0["timestamp"]
        }
        #expect(times.allSatisfy { $0.wholeMatch(of: #/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/#) != nil }, "\(times)")
        if kind != "skip" && kind != "missed" { #expect(try currentSession("dose2_time") != nil) }
    }

    /// A dose 2 in the window's first second is stored in the window, not before it: with whole
    /// seconds, 00:40:00.973 became 00:40:00 against a window opening at 00:40:00.923.
    @Test func aDose2InTheWindowsFirstSecondIsStoredInsideTheWindow() throws {
        let store = try Store(path: path)
        let session = try store.startDoseSession(at: dose1, newSession: false, settings: settings, clock: clock).get()
        let window = DoseWindow(session: session, settings: settings)
        try answer(store, .take(at: window.opensAt.addingTimeInterval(0.05), early: false, extra: false))
        let stored = try #require(
            try rows("SELECT dose2_time FROM current_session").first?["dose2_time"].flatMap(Timestamp.parse))
        let opened = milliseconds(dose1).addingTimeInterval(150 * 60)
        #expect(stored >= opened, "dose 2 stored \(opened.timeIntervalSince(stored)) s before the window opened")
        #expect(try rows("SELECT metadata FROM dose_events WHERE event_type = 'dose2'").first?["metadata"] == "NULL")
    }

    /// DoseTap's index on dose_events(session_id) is not copied; a store nudge made alone keeps
    /// nudge's own.
    @Test func oneIndexOnADoseEventsSession() throws {
        try DoseTapFixture.create(at: path)
        _ = try Store(path: path)
        let indexes = try rows("SELECT name FROM pragma_index_list('dose_events')").compactMap { $0["name"] }
        #expect(
            Set(indexes).isSuperset(of: [
                "idx_dose_events_session", "idx_dose_events_session_type", "idx_dose_events_session_id",
            ]))
        #expect(!indexes.contains("dose_events_session_id"), "\(indexes)")

        let alone = directory.file("alone.sqlite")
        _ = try Store(path: alone)
        let own = try StoreQuery.rows(
            alone, "SELECT name FROM pragma_index_list('dose_events') WHERE name NOT LIKE 'sqlite_%'")
        #expect(own.compactMap { $0["name"] } == ["dose_events_session_id"])
    }
}
