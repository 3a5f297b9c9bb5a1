import Foundation
import NudgeCore
import NudgeTestSupport
import Testing

@testable import NudgeStore

@Suite struct DoseStoreTests {
    let directory = TemporaryDirectory()
    let clock = WallClock(zone: .system("America/New_York"))
    let settings = Settings()
    var path: String { directory.file("dosetap.sqlite") }
    let dose1 = Timestamp.parse("2026-11-21T03:10:00Z")!  // 22:10 EST on the 20th

    func rows(_ sql: String) throws -> [[String: String]] { try StoreQuery.rows(path, sql) }

    @Test func aNightOnAStoreTheDoseTrackerMade() throws {
        try DoseTapFixture.create(at: path)
        let others = ["sleep_events", "morning_checkins", "pre_sleep_logs", "medication_events"]
        let untouched = try StoreDump.of(path, tables: others)
        let earlierEvents = try rows("SELECT * FROM dose_events ORDER BY id")
        let store = try Store(path: path)
        #expect(try store.currentDoseSession()?.isCompleted == true)

        let session = try store.startDoseSession(at: dose1, newSession: false, settings: settings, clock: clock).get()
        #expect(session.sessionDate == "2026-11-20")
        let event = try #require(
            try rows("SELECT * FROM dose_events WHERE event_type = 'dose1' AND session_id = '\(session.sessionID)'")
                .first)
        #expect(
            event["timestamp"] == "2026-11-21T03:10:00.000Z" && event["session_date"] == "2026-11-20"
                && event["metadata"] == "NULL")
        #expect(event["created_at"]?.wholeMatch(of: #/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/#) != nil)
        let current = try #require(try rows("SELECT * FROM current_session").first)
        #expect(current["dose1_time"] == "2026-11-21T03:10:00.000Z" && current["dose2_time"] == "NULL")
        #expect(
            current["snooze_count"] == "0" && current["dose2_skipped"] == "0" && current["session_date"] == "2026-11-20"
        )
        #expect(
            current["session_id"] == session.sessionID && current["session_start_utc"] == "2026-11-21T03:10:00.000Z")
        let sleep = try #require(
            try rows("SELECT * FROM sleep_sessions WHERE session_id = '\(session.sessionID)'").first)
        #expect(
            sleep["start_utc"] == "2026-11-21T03:10:00.000Z" && sleep["session_date"] == "2026-11-20"
                && sleep["end_utc"] == "NULL")

        let window = DoseWindow(session: session, settings: settings)
        let snooze = try store.recordDoseAnswer(
            .snooze(at: window.opensAt), deliveryID: nil, settings: settings, clock: clock)
        #expect(
            snooze
                == .recorded(
                    DoseRecord(
                        eventType: .snooze, timestamp: window.opensAt, metadata: #"{"count":1}"#, action: "snooze")))
        let take = try store.recordDoseAnswer(
            .take(at: window.opensAt.addingTimeInterval(1200), early: false, extra: false), deliveryID: nil,
            settings: settings, clock: clock)
        guard case .recorded = take else {
            Issue.record("take refused: \(take)")
            return
        }
        let after = try #require(try rows("SELECT * FROM current_session").first)
        #expect(
            after["snooze_count"] == "1"
                && after["dose2_time"] == Timestamp.formatForDoseTap(window.opensAt.addingTimeInterval(1200)))

        #expect(try StoreDump.of(path, tables: others) == untouched)
        let events = try rows("SELECT * FROM dose_events ORDER BY id")
        #expect(earlierEvents.allSatisfy(events.contains))
        #expect(events.count == earlierEvents.count + 3)
    }

    @Test func aSessionStillOpenRefusesDose1UnlessNew() throws {
        let store = try Store(path: path)
        let first = try store.startDoseSession(at: dose1, newSession: false, settings: settings, clock: clock).get()
        let again = try store.startDoseSession(
            at: dose1.addingTimeInterval(600), newSession: false, settings: settings, clock: clock)
        #expect(
            throws: InputError(
                "a session is open since dose 1 at 22:10; take or skip dose 2 first, or start another with --new-session"
            )
        ) { try again.get() }
        let second = try store.startDoseSession(
            at: dose1.addingTimeInterval(600), newSession: true, settings: settings, clock: clock
        ).get()
        #expect(second.sessionID != first.sessionID)
    }

    /// Alarm state is never medication state: an unresolved night stays unresolved when the
    /// next dose 1 starts another session.
    @Test func anUnresolvedNightGetsNoRecordFromTheNextDose1() throws {
        let store = try Store(path: path)
        let old = try store.startDoseSession(at: dose1, newSession: false, settings: settings, clock: clock).get()
        _ = try store.startDoseSession(
            at: dose1.addingTimeInterval(86400), newSession: false, settings: settings, clock: clock
        ).get()
        #expect(
            try rows("SELECT event_type FROM dose_events WHERE session_id = '\(old.sessionID)'").map {
                $0["event_type"]
            } == ["dose1"])
    }

    @Test func missedIsRecordedAsTheSkipDoseTapWritesWithItsReason() throws {
        let store = try Store(path: path)
        _ = try store.startDoseSession(at: dose1, newSession: false, settings: settings, clock: clock).get()
        let morning = dose1.addingTimeInterval(9 * 3600)
        guard
            case .recorded = try store.recordDoseAnswer(
                .missed(at: morning), deliveryID: nil, settings: settings, clock: clock)
        else {
            Issue.record("missed was not recorded")
            return
        }
        let skipped = try #require(try rows("SELECT * FROM dose_events WHERE event_type = 'dose2_skipped'").first)
        #expect(
            skipped["metadata"] == #"{"reason":"missed"}"#
                && skipped["timestamp"] == Timestamp.formatForDoseTap(morning))
        #expect(try rows("SELECT dose2_skipped FROM current_session").first?["dose2_skipped"] == "1")
    }

    @Test func aClickThatComesTwiceRecordsOnce() throws {
        let store = try Store(path: path)
        let session = try store.startDoseSession(at: dose1, newSession: false, settings: settings, clock: clock).get()
        let window = DoseWindow(session: session, settings: settings)
        let occurrence = Occurrence(
            kind: .dose2, key: "dose2:\(session.sessionID):window_open", dueAt: window.opensAt, title: "x")
        let claimed = try #require(try store.claim(occurrence))
        try store.markShown(
            claimed.id, notificationID: 1,
            content: NotificationContent(title: "x", body: "", actions: [], category: "c"), at: window.opensAt,
            clock: clock)
        #expect(
            try store.recordDoseAnswer(
                .snooze(at: window.opensAt), deliveryID: claimed.id, settings: settings, clock: clock) != .duplicate)
        #expect(
            try store.recordDoseAnswer(
                .snooze(at: window.opensAt), deliveryID: claimed.id, settings: settings, clock: clock) == .duplicate)
        #expect(try rows("SELECT id FROM dose_events WHERE event_type = 'snooze'").count == 1)
        #expect(
            try rows("SELECT reminder_key FROM reminder_deliveries WHERE reminder_key LIKE '%snoozed%'").map {
                $0["reminder_key"]
            } == ["dose2:\(session.sessionID):snoozed:1"])
    }
}
