import Foundation
import NudgeCore
import NudgeTestSupport
import Testing

/// Medication reminders end to end: the real daemon on a private bus, on a store DoseTap made,
/// with the injected clock. A dose of modafinil at 08:00 in New York is 13:00Z.
@Suite(.ownThread, .daemonOnBus)
struct MedicationEndToEndTests: DaemonScenario {
    let dose = "medication:modafinil:2026-11-26:0800"

    init() throws {
        try DoseTapFixture.create(at: DaemonOnBus.directory.file("nudge.sqlite"))
        // The store is nudge's from that morning: nothing before it is missed, all after it is.
        try nudge("settings", "set", "symptom.reminder_enabled", "false", at: "2026-11-26T06:00:00-05:00")
        try nudge("meds", "add", "modafinil", "--dose", "200mg", "--at", "08:00", at: "2026-11-26T06:00:00-05:00")
    }

    func shownAt(_ key: String) -> Date? {
        (try? delivery(key))?["shown_at"].flatMap(Timestamp.parse)
    }

    @Test func takenFromTheNotificationIsTheRowDoseTapReads() throws {
        let daemon = try startDaemon(at: "2026-11-26T07:59:57-05:00")
        let shown = try #require(bus.waitForNotify(count: 1).first, "\(daemon.stderr)")
        #expect(shown.summary == "Modafinil 200 mg")
        #expect(shown.body == "Due at 08:00.")
        #expect(shown.actions == ["taken", "Taken", "snooze", "Snooze 10 min", "skip", "Skip"])
        #expect(waitForStore { shownAt(dose) != nil })

        try bus.invokeAction("taken", on: 1)
        #expect(waitForStore { (try? delivery(dose))?["action"] == "taken" }, "\(daemon.stderr)")
        let row = try #require(try rows("SELECT * FROM medication_events WHERE medication_id = 'modafinil'").first)
        let answered = try #require(try delivery(dose)?["acknowledged_at"].flatMap(Timestamp.parse))
        // As DoseTap reads it: a time with milliseconds, the answer's instant.
        let taken = try #require(row["taken_at_utc"].flatMap(DoseTapFixture.read), "\(row)")
        // acknowledged_at is kept in whole seconds.
        #expect(abs(taken.timeIntervalSince(answered)) < 1 && taken >= Timestamp.parse("2026-11-26T13:00:00Z")!)
        #expect(row["session_date"] == "2026-11-25", "08:00 is before the rollover hour: the night before")
        #expect(row["session_id"] == "NULL" && row["local_offset_minutes"] == "-300")
        #expect(row["dose_mg"] == "200" && row["dose_unit"] == "mg" && row["formulation"] == "ir")
        #expect(row["confirmed_duplicate"] == "0" && row["id"]?.count == 36)
        // Answered, nothing more of this dose: the next plan is tomorrow's.
        #expect(daemon.waitForPlan(nextDue: "2026-11-27T13:00:00Z"), "\(daemon.stderr)")
        #expect(bus.notifyCalls().count == 1)
        #expect(try rows("SELECT * FROM medication_outcomes").isEmpty)
    }

    /// Unanswered, it is shown again 10 minutes after the last, three times, then recorded not
    /// taken, never shown a fifth time. The daemon is restarted just before each instant (the
    /// store carries what was shown), so that the test does not wait 40 minutes.
    @Test func unansweredItRepeatsThreeTimesThenIsRecordedNotTaken() throws {
        var daemon = try startDaemon(at: "2026-11-26T07:59:57-05:00")
        for number in 1...4 {
            let key = number == 1 ? dose : "\(dose):again:\(number - 1)"
            #expect(waitForStore { shownAt(key) != nil }, "\(key): \(daemon.stderr)")
            let notify = bus.waitForNotify(count: number)
            #expect(notify.count == number, "\(daemon.stderr)")
            if number > 1 {
                #expect(notify.last?.body == "Due at 08:00; asked again (\(number - 1) of 3).")
                #expect(notify.last?.summary == "Modafinil 200 mg (again)")
            }
            let last = try #require(shownAt(key))
            daemon.signal(SIGTERM)
            _ = daemon.waitForExit(timeout: 10)
            daemon = try startDaemon(
                at: Timestamp.format(last.addingTimeInterval(597)), log: "daemon-\(number).err")
        }
        #expect(
            daemon.waitForEvent("missed", ["key": "\(dose):unanswered"], timeout: 15), "\(daemon.stderr)")
        #expect(
            try rows("SELECT medication_id, dose_date, dose_time, outcome FROM medication_outcomes") == [
                ["medication_id": "modafinil", "dose_date": "2026-11-26", "dose_time": "08:00", "outcome": "missed"]
            ])
        #expect(daemon.waitForPlan(nextDue: "2026-11-27T13:00:00Z"), "\(daemon.stderr)")
        // Its last repeat is closed as the miss is recorded (it stayed open), and a skip on it
        // is refused (it said "recorded as skipped" and changed nothing).
        #expect(bus.waitForClose(4), "\(daemon.stderr)")
        let skipped = try NudgeBinary.run(
            ["ack", try #require(try delivery("\(dose):again:3")?["id"]), "skip"],
            environment: environment.merging(["NUDGE_FAKE_NOW": "2026-11-26T08:45:00-05:00"]) { $1 })
        #expect(skipped.status == 64 && skipped.stderr.contains("was recorded missed already"), "\(skipped)")
        #expect(bus.notifyCalls().count == 4)
        #expect(try rows("SELECT * FROM medication_events WHERE medication_id = 'modafinil'").isEmpty)
    }

    /// `meds edit --at` while the dose is on screen unanswered: the dose is moved, not ended
    /// (hostile round of issue 40: it was recorded missed, then asked again as a new dose). Its
    /// notification closes at once (its Taken would answer a time the dose no longer has), no
    /// repeat of it comes, nothing is recorded missed, and it is asked at its new time.
    @Test func movedToAnotherTimeWhileItRepeatsTheDoseIsAskedThere() throws {
        var daemon = try startDaemon(at: "2026-11-26T07:59:57-05:00")
        #expect(bus.waitForNotify(count: 1).count == 1, "\(daemon.stderr)")
        #expect(waitForStore { shownAt(dose) != nil })
        let shown = try #require(shownAt(dose))
        let mark = daemon.plansSoFar
        try nudge("meds", "edit", "modafinil", "--at", "09:00", at: Timestamp.format(shown.addingTimeInterval(60)))
        #expect(bus.waitForClose(1), "\(daemon.stderr)")
        #expect(daemon.waitForPlan(after: mark, nextDue: "2026-11-26T14:00:00Z"), "\(daemon.stderr)")
        #expect(try rows("SELECT * FROM medication_outcomes").isEmpty)
        daemon.signal(SIGTERM)
        _ = daemon.waitForExit(timeout: 10)
        daemon = try startDaemon(at: "2026-11-26T08:59:57-05:00", log: "daemon-2.err")
        let asked = bus.waitForNotify(count: 2)
        #expect(asked.last?.body == "Due at 09:00.", "\(daemon.stderr)")
        #expect(waitForStore { shownAt("medication:modafinil:2026-11-26:0900") != nil }, "\(daemon.stderr)")
        #expect(try rows("SELECT * FROM medication_outcomes").isEmpty)
    }

    /// Taken on the notification at 08:00, then `meds edit --at 12:00`: that day's dose was
    /// taken, so the daemon's next is tomorrow's 12:00, not a second dose today.
    @Test func takenThenMovedTheDaysDoseIsNotAskedAgain() throws {
        let daemon = try startDaemon(at: "2026-11-26T07:59:57-05:00")
        #expect(bus.waitForNotify(count: 1).count == 1, "\(daemon.stderr)")
        #expect(waitForStore { shownAt(dose) != nil })
        try bus.invokeAction("taken", on: 1)
        #expect(waitForStore { (try? delivery(dose))?["action"] == "taken" }, "\(daemon.stderr)")
        #expect(daemon.waitForPlan(nextDue: "2026-11-27T13:00:00Z"), "\(daemon.stderr)")
        let mark = daemon.plansSoFar
        try nudge("meds", "edit", "modafinil", "--at", "12:00", at: "2026-11-26T08:03:00-05:00")
        #expect(daemon.waitForPlan(after: mark, nextDue: "2026-11-27T17:00:00Z"), "\(daemon.stderr)")
        #expect(bus.notifyCalls().count == 1)
    }

    /// `meds remove` while the dose is on screen unanswered: the dose is recorded missed, as an
    /// edit moving it records it (never dropped unrecorded), and its notification is closed.
    @Test func removedWhileItRepeatsTheDoseIsRecordedMissedAndClosed() throws {
        let daemon = try startDaemon(at: "2026-11-26T07:59:57-05:00")
        #expect(bus.waitForNotify(count: 1).count == 1, "\(daemon.stderr)")
        #expect(waitForStore { shownAt(dose) != nil })
        let shown = try #require(shownAt(dose))
        let removed = try nudge("meds", "remove", "modafinil", at: Timestamp.format(shown.addingTimeInterval(60)))
        #expect(removed.stdout.contains("the dose of 2026-11-26 at 08:00 recorded missed"), "\(removed)")
        #expect(
            try rows("SELECT medication_id, dose_date, dose_time, outcome FROM medication_outcomes") == [
                ["medication_id": "modafinil", "dose_date": "2026-11-26", "dose_time": "08:00", "outcome": "missed"]
            ])
        #expect(bus.waitForClose(1), "\(daemon.stderr)")
        #expect(bus.notifyCalls().count == 1)
    }

    /// `meds edit --dose` while the dose repeats: its time stands, and so do its repeats, with
    /// the amount it was first asked with, which its Taken records and `meds history` lists
    /// (issue 42: the repeat said the edited 100 mg where the history listed 200 mg). The edit
    /// is for the doses to come: the person may have taken what was first shown.
    @Test func editedKeepingItsTimeTheDoseGoesOnRepeating() throws {
        var daemon = try startDaemon(at: "2026-11-26T07:59:57-05:00")
        #expect(bus.waitForNotify(count: 1).count == 1, "\(daemon.stderr)")
        #expect(waitForStore { shownAt(dose) != nil })
        let shown = try #require(shownAt(dose))
        let mark = daemon.plansSoFar
        // A minute after it was shown: the dose's time is before the edit.
        try nudge("meds", "edit", "modafinil", "--dose", "100mg", at: Timestamp.format(shown.addingTimeInterval(60)))
        #expect(
            daemon.waitForPlan(after: mark, nextDue: Timestamp.format(shown.addingTimeInterval(600))),
            "\(daemon.stderr)")
        daemon.signal(SIGTERM)
        _ = daemon.waitForExit(timeout: 10)
        daemon = try startDaemon(at: Timestamp.format(shown.addingTimeInterval(597)), log: "daemon-2.err")
        let again = bus.waitForNotify(count: 2)
        #expect(again.last?.summary == "Modafinil 200 mg (again)", "\(daemon.stderr)")
        #expect(again.last?.body == "Due at 08:00; asked again (1 of 3).")
        #expect(try rows("SELECT * FROM medication_outcomes").isEmpty)
        let listed = try nudge(
            "meds", "history", "--days", "1", at: Timestamp.format(shown.addingTimeInterval(605)))
        #expect(listed.stdout.contains("200 mg  not answered yet\n"), "\(listed)")
        let repeated = "\(dose):again:1"
        #expect(waitForStore { shownAt(repeated) != nil })
        let id = try #require(try delivery(repeated)?["notification_id"].flatMap { UInt32($0) })
        try bus.invokeAction("taken", on: id)
        #expect(waitForStore { (try? delivery(repeated))?["action"] == "taken" }, "\(daemon.stderr)")
        #expect(
            try rows("SELECT dose_mg FROM medication_events WHERE medication_id = 'modafinil'") == [["dose_mg": "200"]])
        #expect(daemon.waitForPlan(nextDue: "2026-11-27T13:00:00Z"), "\(daemon.stderr)")
    }

    @Test func skipIsRecordedAndEndsTheDose() throws {
        let daemon = try startDaemon(at: "2026-11-26T07:59:57-05:00")
        #expect(bus.waitForNotify(count: 1).count == 1, "\(daemon.stderr)")
        #expect(waitForStore { shownAt(dose) != nil })
        try bus.invokeAction("skip", on: 1)
        #expect(waitForStore { (try? rows("SELECT outcome FROM medication_outcomes")) == [["outcome": "skipped"]] })
        #expect(daemon.waitForPlan(nextDue: "2026-11-27T13:00:00Z"), "\(daemon.stderr)")
        #expect(try rows("SELECT * FROM medication_events WHERE medication_id = 'modafinil'").isEmpty)
    }

    /// Recorded from a terminal while the reminder is on screen: the daemon closes it, no
    /// repeat comes, and a Taken given to it after (`nudge ack`) writes nothing twice.
    @Test func takenFromATerminalClosesItAndATakenAfterWritesNothingTwice() throws {
        let daemon = try startDaemon(at: "2026-11-26T07:59:57-05:00")
        #expect(bus.waitForNotify(count: 1).count == 1, "\(daemon.stderr)")
        #expect(waitForStore { shownAt(dose) != nil })
        // At the daemon's time: the question the answer queues is due at its instant.
        try nudge("meds", "taken", "modafinil", at: "2026-11-26T08:00:00-05:00")
        let id = try #require(try delivery(dose)?["id"])
        let again = try nudge("ack", id, "taken", at: "2026-11-26T08:00:01-05:00")
        #expect(again.stdout.contains("modafinil was recorded at 08:00; nothing recorded twice"), "\(again)")
        #expect(
            try rows("SELECT confirmed_duplicate FROM medication_events WHERE medication_id = 'modafinil'") == [
                ["confirmed_duplicate": "0"]
            ])
        #expect(daemon.waitForPlan(nextDue: "2026-11-27T13:00:00Z"), "\(daemon.stderr)")
        // DoseTap's question, asked on screen whichever way the Taken came.
        #expect(bus.waitForNotify(count: 2).map(\.summary) == ["Modafinil 200 mg", "Modafinil 200 mg: a second dose?"])
    }

    /// A *Taken* clicked within DoseTap's guard of another entry records nothing yet: DoseTap's
    /// question is asked on screen, as a delivery of its own (issue 42: a note with no buttons
    /// said how to record it from a terminal); *Record a second dose* writes the entry DoseTap
    /// writes when the person confirms, at the *Taken*'s instant, `confirmed_duplicate` set.
    @Test func aTakenWithinTheGuardAsksAndASecondDoseIsRecordedConfirmed() throws {
        let (daemon, question) = try askedAfterATakenWithinTheGuard()
        try bus.invokeAction("second-dose", on: question)
        #expect(waitForStore { (try? delivery(secondQuestion))??["action"] == "second-dose" }, "\(daemon.stderr)")
        let entries = try rows(
            "SELECT taken_at_utc, confirmed_duplicate FROM medication_events WHERE medication_id = 'modafinil' ORDER BY taken_at_utc"
        )
        #expect(entries.map { $0["confirmed_duplicate"] } == ["0", "1"], "\(entries)")
        let taken = try #require(try delivery(secondDose)?["acknowledged_at"].flatMap(Timestamp.parse))
        let recorded = try #require(entries.last?["taken_at_utc"].flatMap(DoseTapFixture.read), "\(entries)")
        #expect(abs(recorded.timeIntervalSince(taken)) < 1, "the Taken's instant, not the question's answer's")
        // The dose was settled by its Taken, as before: nothing more of it.
        #expect(daemon.waitForPlan(nextDue: "2026-11-27T13:00:00Z"), "\(daemon.stderr)")
        #expect(bus.notifyCalls().count == 2)
    }

    /// *It was the same dose* writes nothing; the entry that stood stands.
    @Test func itWasTheSameDoseRecordsNothing() throws {
        let (daemon, question) = try askedAfterATakenWithinTheGuard()
        try bus.invokeAction("same-dose", on: question)
        #expect(waitForStore { (try? delivery(secondQuestion))??["action"] == "same-dose" }, "\(daemon.stderr)")
        #expect(daemon.waitForPlan(nextDue: "2026-11-27T13:00:00Z"), "\(daemon.stderr)")
        #expect(try rows("SELECT * FROM medication_events WHERE medication_id = 'modafinil'").count == 1)
        #expect((try? delivery(secondDose))?["action"] == "taken")
        #expect(bus.notifyCalls().count == 2)
    }

    /// `nudge ack` answers the question as its button does, by its label, and the daemon
    /// closes it.
    @Test func theQuestionIsAnsweredFromATerminal() throws {
        let (daemon, question) = try askedAfterATakenWithinTheGuard()
        let id = try #require(try delivery(secondQuestion)?["id"])
        let answered = try nudge("ack", id, "record a second dose", at: "2026-11-26T08:02:00-05:00")
        #expect(answered.stdout.contains("modafinil 200 mg recorded as a second dose, taken at 08:0"), "\(answered)")
        #expect(
            try rows(
                "SELECT confirmed_duplicate FROM medication_events WHERE medication_id = 'modafinil' ORDER BY confirmed_duplicate"
            ).map { $0["confirmed_duplicate"] } == ["0", "1"])
        #expect(bus.waitForClose(question), "\(bus.closeCalls()) \(daemon.stderr)")
        let again = try attempt("ack", id, "second-dose")
        #expect(again.status == 0 && !again.stdout.contains("recorded as a second dose"), "\(again)")
        #expect(try rows("SELECT * FROM medication_events WHERE medication_id = 'modafinil'").count == 2)
    }

    /// The question has its delivery row: the server closing it (expired) is matched to that
    /// row, never to an earlier server's delivery the same notification id (2) was given to,
    /// which would be closed and owed again (issue 42: the note shown with no row left the
    /// close to the store's latest showing of that id).
    @Test func theQuestionClosedByTheServerIsMatchedToItsOwnRowOnly() throws {
        let earlier = "symptom:2026-11-24"
        _ = try Subprocess.run(
            "/usr/bin/sqlite3",
            [
                store,
                """
                PRAGMA busy_timeout = 5000;
                INSERT INTO reminder_deliveries (id, reminder_key, kind, due_at, shown_at, notification_id, awaits_answer)
                VALUES ((SELECT coalesce(max(id), 0) + 1 FROM reminder_deliveries), '\(earlier)', 'symptom',
                    '2026-11-24T23:00:00Z', '2026-11-24T23:00:01Z', 2, 1)
                """,
            ])
        let (daemon, question) = try askedAfterATakenWithinTheGuard()
        #expect(question == 2, "the earlier server's id")
        try bus.close(question, reason: 1)
        #expect(waitForStore { (try? delivery(secondQuestion))??["closed_reason"] == "expired" }, "\(daemon.stderr)")
        let untouched = try #require(try delivery(earlier))
        #expect(untouched["closed_at"] == "NULL" && untouched["reshow_at"] == "NULL", "\(untouched)")
    }

    let secondDose = "medication:modafinil:2026-11-26:0801"
    var secondQuestion: String { "\(secondDose):second:1" }

    /// Doses at 08:00 and 08:01, an entry at 07:59, and *Taken* clicked on the 08:01 one: the
    /// question on screen, with the notification id it was shown under.
    private func askedAfterATakenWithinTheGuard() throws -> (daemon: Spawned, question: UInt32) {
        try nudge("meds", "edit", "modafinil", "--at", "08:00,08:01", at: "2026-11-26T06:01:00-05:00")
        try nudge("meds", "taken", "modafinil", at: "2026-11-26T07:59:00-05:00")
        let daemon = try startDaemon(at: "2026-11-26T08:00:57-05:00")
        #expect(waitForStore { shownAt(secondDose) != nil }, "\(daemon.stderr)")
        let shown = bus.waitForNotify(count: 1)
        #expect(shown.last?.body == "Due at 08:01.", "\(daemon.stderr)")
        let id = try #require(try delivery(secondDose)?["notification_id"].flatMap { UInt32($0) })
        try bus.invokeAction("taken", on: id)
        let asked = bus.waitForNotify(count: shown.count + 1)
        #expect(asked.count == shown.count + 1, "\(daemon.stderr)")
        #expect(asked.last?.summary == "Modafinil 200 mg: a second dose?", "\(asked)")
        #expect(asked.last?.body.hasPrefix("modafinil was recorded at 07:59, ") == true, "\(asked)")
        #expect(
            asked.last?.body.contains(
                "DoseTap asks before a second within 5 minutes. Taken at 08:0") == true, "\(asked)")
        #expect(
            asked.last?.actions == ["second-dose", "Record a second dose", "same-dose", "It was the same dose"],
            "\(asked)")
        #expect((try? delivery(secondDose))?["action"] == "taken")
        #expect(try rows("SELECT * FROM medication_events WHERE medication_id = 'modafinil'").count == 1)
        // The mock numbers each new notification from 1: the question's id by the bus alone.
        let question = UInt32(asked.count)
        #expect(waitForStore { shownAt(secondQuestion) != nil }, "\(daemon.stderr)")
        #expect(try delivery(secondQuestion)?["notification_id"] == "\(question)")
        return (daemon, question)
    }

    /// Two doses a minute apart, each answered *Taken* on its notification: DoseTap's guard
    /// keeps the second from a second entry (a button cannot confirm one), and `meds history`
    /// lists both taken, the second with the first's entry (issue 42: listed missed). The daemon
    /// is started again just before the second dose, so that the test does not wait a minute.
    @Test func twoDosesWithinTheGuardBothAnsweredTakenAreBothListedTaken() throws {
        try nudge("meds", "edit", "modafinil", "--at", "08:00,08:01", at: "2026-11-26T06:01:00-05:00")
        var daemon = try startDaemon(at: "2026-11-26T07:59:57-05:00")
        #expect(bus.waitForNotify(count: 1).count == 1, "\(daemon.stderr)")
        #expect(waitForStore { shownAt(dose) != nil })
        try bus.invokeAction("taken", on: 1)
        #expect(waitForStore { (try? delivery(dose))?["action"] == "taken" }, "\(daemon.stderr)")
        daemon.signal(SIGTERM)
        _ = daemon.waitForExit(timeout: 10)
        daemon = try startDaemon(at: "2026-11-26T08:00:57-05:00", log: "daemon-2.err")
        let second = "medication:modafinil:2026-11-26:0801"
        #expect(bus.waitForNotify(count: 2).last?.body == "Due at 08:01.", "\(daemon.stderr)")
        #expect(waitForStore { shownAt(second) != nil })
        let id = try #require(try delivery(second)?["notification_id"].flatMap { UInt32($0) })
        try bus.invokeAction("taken", on: id)
        #expect(waitForStore { (try? delivery(second))?["action"] == "taken" }, "\(daemon.stderr)")
        #expect(daemon.waitForPlan(nextDue: "2026-11-27T13:00:00Z"), "\(daemon.stderr)")
        let entries = try rows(
            "SELECT taken_at_utc, confirmed_duplicate FROM medication_events WHERE medication_id = 'modafinil'")
        #expect(entries.count == 1 && entries.first?["confirmed_duplicate"] == "0", "\(entries)")

        // Past both doses' repeats: neither is missed.
        let listed = try nudge("meds", "history", "--days", "1", at: "2026-11-26T09:00:00-05:00")
        #expect(
            listed.stdout.contains("taken, answered within DoseTap's 5-minute guard of the entry at 08:00"),
            "\(listed)")
        #expect(!listed.stdout.contains("missed"), "\(listed)")
        let json = try nudge("meds", "history", "--days", "1", "--json", at: "2026-11-26T09:00:00-05:00")
        let items = try #require(
            try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]], "\(json)")
        #expect(items.map { $0["outcome"] as? String } == ["taken", "taken"], "\(json)")
        #expect(items.map { $0["within_duplicate_guard"] as? Bool } == [false, true], "\(json)")
        #expect(items[0]["taken_at"] as? String == items[1]["taken_at"] as? String, "\(json)")
    }
}
