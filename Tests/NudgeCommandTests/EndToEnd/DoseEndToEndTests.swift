import Foundation
import NudgeCore
import NudgeTestSupport
import Testing

/// The dose-2 window end to end: the real daemon, a private bus, python-dbusmock.
@Suite(.ownThread, .daemonOnBus)
struct DoseEndToEndTests: DaemonScenario {
    init() throws {
        // Only the dose window in these tests.
        _ = try NudgeBinary.run(["settings", "set", "symptom.reminder_enabled", "false"], environment: environment)
    }

    /// A dose 1 at which the window opens `seconds` from now.
    func dose1(opening seconds: TimeInterval) -> Date {
        TestClock.now().addingTimeInterval(seconds - 150 * 60).rounded()
    }

    /// The daemon says the night's times on the person's clock: en_US's is 12-hour.
    @Test func theAlarmTimeIsShownOnThePersonsClock() throws {
        let made = MadeLocales.folder(with: ["en_US.UTF-8"])
        #expect(made.refusals.isEmpty, "\(made.refusals)")
        let start = dose1(opening: 3)
        _ = try nudge("dose", "1", "--at", Timestamp.format(start))
        let daemon = try startDaemon(environment: ["LANG": "en_US.UTF-8", "LOCPATH": made.path, "HOME": directory.path])
        let opened = try #require(bus.waitForNotify(count: 1).first, "\(daemon.stderr)")
        let clock = WallClock(zone: .system("America/New_York"), format: .twelveHour)
        let alarm = clock.timeOfDay(start.addingTimeInterval(165 * 60))
        #expect(alarm.hasSuffix(" AM") || alarm.hasSuffix(" PM"))
        #expect(opened.body.hasPrefix("Alarm at \(alarm). The window closes at "), "\(opened.body)")
    }

    @Test func snoozeThenTakeFromTheNotification() throws {
        let start = dose1(opening: 3)
        _ = try nudge("dose", "1", "--at", Timestamp.format(start))
        let daemon = try startDaemon()

        let opened = try #require(bus.waitForNotify(count: 1).first, "\(daemon.stderr)")
        #expect(opened.summary == "Dose 2 window is open")
        #expect(opened.actions == ["take", "Take dose 2", "skip", "Skip dose 2", "snooze", "Snooze 10 min"])
        #expect(opened.hints.contains("\"resident\": True") && opened.hints.contains("\"category\": \"x-nudge.dose2\""))
        #expect(opened.body.hasPrefix("Alarm at ") && opened.body.contains("(90 min left)"))
        let session = try #require(try rows("SELECT session_id, session_date FROM current_session").first)
        let sessionID = try #require(session["session_id"])
        #expect(
            waitForStore {
                (try? rows(
                    "SELECT shown_at FROM reminder_deliveries WHERE reminder_key = 'dose2:\(sessionID):window_open'"))?
                    .first?["shown_at"] != "NULL"
            })

        try bus.invokeAction("snooze", on: opened.replacesID == 0 ? 1 : opened.replacesID)
        let updated = try #require(bus.waitForNotify(count: 2).last, "\(daemon.stderr)")
        #expect(updated.replacesID == 1, "the snooze must update the notification in place")
        #expect(updated.summary == "Dose 2 snoozed" && updated.body.contains("(snooze 1 of 3)"))
        let snooze = try #require(try rows("SELECT * FROM dose_events WHERE event_type = 'snooze'").first)
        #expect(
            snooze["metadata"] == #"{"count":1}"# && snooze["session_id"] == sessionID
                && snooze["session_date"] == session["session_date"])
        let answered = try #require(
            try rows("SELECT * FROM reminder_deliveries WHERE reminder_key = 'dose2:\(sessionID):window_open'").first)
        #expect(
            answered["action"] == "snooze"
                && answered["acknowledged_at"] == snooze["timestamp"].flatMap(Timestamp.parse).map(Timestamp.format))
        #expect(try rows("SELECT snooze_count FROM current_session").first?["snooze_count"] == "1")
        #expect(
            waitForStore {
                (try? rows(
                    "SELECT shown_at FROM reminder_deliveries WHERE reminder_key = 'dose2:\(sessionID):snoozed:1'"))?
                    .first?["shown_at"] != "NULL"
            })

        try bus.invokeAction("take", on: 1)
        #expect(bus.waitForClose(1), "\(daemon.stderr)")
        let dose2 = try #require(try rows("SELECT * FROM dose_events WHERE event_type = 'dose2'").first)
        #expect(
            dose2["metadata"] == "NULL" && dose2["session_id"] == sessionID
                && dose2["session_date"] == session["session_date"])
        #expect(dose2["id"]?.count == 36 && dose2["created_at"] != "NULL")
        let current = try #require(try rows("SELECT * FROM current_session").first)
        #expect(
            current["dose2_time"] == dose2["timestamp"] && current["snooze_count"] == "1"
                && current["dose2_skipped"] == "0")
        #expect(current["dose1_time"] == Timestamp.formatForDoseTap(start) && current["session_id"] == sessionID)
        let took = try #require(
            try rows("SELECT * FROM reminder_deliveries WHERE reminder_key = 'dose2:\(sessionID):snoozed:1'").first)
        #expect(
            took["action"] == "take"
                && took["acknowledged_at"] == dose2["timestamp"].flatMap(Timestamp.parse).map(Timestamp.format))
        #expect(
            waitForStore {
                (try? rows(
                    "SELECT closed_at FROM reminder_deliveries WHERE reminder_key = 'dose2:\(sessionID):snoozed:1'"))?
                    .first?["closed_at"] != "NULL"
            })

        // A second take on the same notification records nothing, and nothing more is due.
        try bus.invokeAction("take", on: 1)
        #expect(daemon.waitForLog("ignoring 'take'"), "\(daemon.stderr)")
        #expect(daemon.stderr.contains("rescheduled (answer): nothing due"))
        #expect(try rows("SELECT id FROM dose_events WHERE event_type = 'dose2'").count == 1)
        #expect(bus.notifyCalls().count == 2)
    }

    @Test func aRestartedServerGetsTheOpenDoseNotificationAgain() throws {
        _ = try nudge("dose", "1", "--at", Timestamp.format(dose1(opening: -120)))
        let daemon = try startDaemon()
        let first = try #require(bus.waitForNotify(count: 1).first, "\(daemon.stderr)")
        #expect(first.summary == "Dose 2 window is open")
        let sessionID = try #require(try rows("SELECT session_id FROM current_session").first?["session_id"])
        let key = "dose2:\(sessionID):window_open"
        #expect(
            waitForStore {
                (try? rows("SELECT shown_at FROM reminder_deliveries WHERE reminder_key = '\(key)'"))?.first?[
                    "shown_at"] != "NULL"
            })
        // The mock's ids restart at 1 with it; give the old one a different id to tell them apart.
        _ = try Subprocess.run(
            "/usr/bin/sqlite3",
            [
                store,
                "PRAGMA busy_timeout = 5000; UPDATE reminder_deliveries SET notification_id = 7 WHERE reminder_key = '\(key)'",
            ])

        bus.stopServer()
        #expect(daemon.waitForLog("no notification server on the bus"), "\(daemon.stderr)")
        try bus.startServer()
        let again = try #require(bus.waitForNotify(count: 1).first, "\(daemon.stderr)\n\(bus.diagnostics)")
        #expect(again.summary == "Dose 2 window is open" && again.replacesID == 0)
        #expect(again.actions == ["take", "Take dose 2", "skip", "Skip dose 2", "snooze", "Snooze 10 min"])
        #expect(
            waitForStore {
                (try? rows("SELECT notification_id FROM reminder_deliveries WHERE reminder_key = '\(key)'"))?.first?[
                    "notification_id"] == "1"
            })
        // A click on the new notification is the person's answer.
        try bus.invokeAction("take", on: 1)
        #expect(waitForStore { (try? rows("SELECT dose2_time FROM current_session"))?.first?["dose2_time"] != "NULL" })
    }

    /// The notification server restarts as the alarm falls due (issue 41, hostile round): the
    /// pre-alarm shown again and the alarm are one notification on the new server, the alarm
    /// replacing the pre-alarm, and Take closes it.
    @Test func aServerRestartedAsTheAlarmFallsDueShowsOneNotificationThatTakeCloses() throws {
        // The pre-alarm (dose 1 + 160 min) is due; the alarm (+ 165 min) in 4 seconds.
        _ = try nudge("dose", "1", "--at", Timestamp.format(TestClock.now().addingTimeInterval(4 - 165 * 60).rounded()))
        let daemon = try startDaemon()
        let preAlarm = try #require(bus.waitForNotify(count: 1).first, "\(daemon.stderr)")
        // Shown 4 s before the alarm, it says so (hostile round on issue 41: "in 5 minutes").
        #expect(preAlarm.summary == "Dose 2 in 1 minute")
        let shown = "SELECT notification_id FROM reminder_deliveries WHERE reminder_key LIKE '%:pre_alarm%'"
        #expect(waitForStore { (try? rows(shown))?.first?["notification_id"] == "1" }, "\(daemon.stderr)")
        // The mock's ids restart at 1 with it; give the old one a different id to tell them apart.
        _ = try Subprocess.run(
            "/usr/bin/sqlite3",
            [
                store,
                "PRAGMA busy_timeout = 5000; UPDATE reminder_deliveries SET notification_id = 7 WHERE notification_id = 1",
            ])
        bus.stopServer()
        #expect(daemon.waitForLog("no notification server on the bus"), "\(daemon.stderr)")
        // The alarm falls due with no server: it waits for one.
        #expect(daemon.waitForEvent("rescheduled", ["reason": "due"], timeout: 15), "\(daemon.stderr)")
        try bus.startServer()
        let calls = bus.waitForNotify(count: 2)
        #expect(
            calls.map { $0.summary.hasPrefix("Dose 2 in ") ? "Dose 2 in" : $0.summary } == [
                "Dose 2 in", "Time for dose 2",
            ],
            "\(calls) \(daemon.stderr)")
        #expect(calls.map(\.replacesID) == [0, 1], "\(calls)")
        let alarm = "SELECT notification_id FROM reminder_deliveries WHERE reminder_key LIKE '%:alarm%'"
        #expect(waitForStore { (try? rows(alarm))?.first?["notification_id"] == "1" }, "\(daemon.stderr)")
        try bus.invokeAction("take", on: 1)
        #expect(bus.waitForClose(1), "\(daemon.stderr)")
        #expect(bus.notifyCalls().count == 2 && bus.closeCalls() == [1], "\(bus.diagnostics)")
    }

    @Test func followsDosesWrittenByAnotherProgram() throws {
        let daemon = try startDaemon()
        #expect(daemon.waitForEvent("rescheduled", ["reason": "start", "next_due": "none"]), "\(daemon.stderr)")
        let start = Timestamp.format(dose1(opening: 2))
        let sqlite = try Subprocess.run(
            "/usr/bin/sqlite3",
            [
                store,
                """
                PRAGMA busy_timeout = 5000;
                INSERT INTO current_session (id, dose1_time, session_date, session_id) VALUES (1, '\(start)', '2026-11-20', 'FROM-DOSETAP');
                INSERT INTO dose_events (id, event_type, timestamp, session_date, session_id) VALUES ('e1', 'dose1', '\(start)', '2026-11-20', 'FROM-DOSETAP');
                """,
            ])
        #expect(sqlite.status == 0, "\(sqlite)")
        let opened = try #require(bus.waitForNotify(count: 1).first, "\(daemon.stderr)")
        #expect(opened.summary == "Dose 2 window is open")
        #expect(
            waitForStore {
                (try? rows(
                    "SELECT shown_at FROM reminder_deliveries WHERE reminder_key = 'dose2:FROM-DOSETAP:window_open'"))?
                    .first?["shown_at"] != "NULL"
            })

        let plansBeforeDose2 = daemon.plansSoFar
        let taken = try Subprocess.run(
            "/usr/bin/sqlite3",
            [
                store,
                "PRAGMA busy_timeout = 5000; UPDATE current_session SET dose2_time = '\(Timestamp.format(TestClock.now()))' WHERE id = 1;",
            ])
        #expect(taken.status == 0, "\(taken)")
        #expect(bus.waitForClose(1), "\(daemon.stderr)")
        #expect(daemon.waitForPlan(after: plansBeforeDose2, nextDue: "none"))
    }

    @Test func commandLineAnswersDoWhatTheButtonsDo() throws {
        let start = dose1(opening: -630)
        _ = try nudge("dose", "1", "--at", Timestamp.format(start))
        let daemon = try startDaemon()
        // 10.5 minutes into the window with nothing shown yet: one notification, the present
        // state, which is the pre-alarm (due at 10 minutes; the alarm is at 15).
        let shown = try #require(bus.waitForNotify(count: 1).first, "\(daemon.stderr)")
        #expect(shown.summary == "Dose 2 in 5 minutes")
        // The command answers the notification the store has as shown, which the server's
        // answer reaches the loop to record a moment after the Notify call.
        #expect(
            waitForStore {
                (try? rows("SELECT id FROM reminder_deliveries WHERE shown_at IS NOT NULL"))?.count == 1
            }, "\(daemon.stderr)")
        #expect(try nudge("dose", "skip", "--reason", "felt fine").stdout.hasPrefix("dose 2 skipped at "))
        #expect(bus.waitForClose(1), "\(daemon.stderr)")
        let skip = try #require(try rows("SELECT * FROM dose_events WHERE event_type = 'dose2_skipped'").first)
        #expect(skip["metadata"] == #"{"reason":"felt fine"}"#)
        #expect(try rows("SELECT dose2_skipped FROM current_session").first?["dose2_skipped"] == "1")
        let answered = try rows("SELECT action FROM reminder_deliveries WHERE action IS NOT NULL")
        #expect(answered.map { $0["action"] } == ["skip"])
        let status = try nudge("dose", "status", "--json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any])
        #expect(object["phase"] as? String == "completed" && object["skipped"] as? Bool == true)
        #expect(bus.notifyCalls().count == 1, "\(bus.notifyCalls().map(\.summary)) \(daemon.stderr)")
    }

    /// Nothing is recorded by the passage of time: half an hour after the close, one silent
    /// prompt asks, and only its answer writes the skip.
    @Test func theNightsEndAsksAndOnlyTheAnswerWritesTheSkip() throws {
        _ = try nudge("dose", "1", "--at", Timestamp.format(TestClock.now().addingTimeInterval(3 - 270 * 60).rounded()))
        let daemon = try startDaemon()
        let asked = FileEvents.waitUntil(watching: [bus.directory.path], timeout: 30) {
            bus.notifyCalls().contains { $0.summary == "Dose 2 not recorded" }
        }
        #expect(asked, "\(bus.notifyCalls().map(\.summary)); \(daemon.stderr)")
        let prompt = try #require(bus.notifyCalls().last)
        #expect(
            prompt.actions == ["missed", "I missed it"] && !prompt.hints.contains("suppress-sound")
                && prompt.body.contains("nudge dose 2 --at HH:MM"))
        #expect(try rows("SELECT event_type FROM dose_events").map { $0["event_type"] } == ["dose1"])
        let status = try nudge("dose", "status", "--json")
        #expect(status.stdout.contains("\"phase\" : \"unresolved\""), "\(status)")
        try bus.invokeAction("missed", on: prompt.replacesID == 0 ? UInt32(bus.notifyCalls().count) : prompt.replacesID)
        #expect(
            waitForStore {
                (try? rows("SELECT metadata FROM dose_events WHERE event_type = 'dose2_skipped'"))?.first?["metadata"]
                    == #"{"reason":"missed"}"#
            }, "\(daemon.stderr)")
        #expect(try rows("SELECT dose2_skipped FROM current_session").first?["dose2_skipped"] == "1")
    }
}

extension Date {
    fileprivate func rounded() -> Date { Date(timeIntervalSince1970: timeIntervalSince1970.rounded()) }
}
