import Foundation
import NudgeCore
import NudgeTestSupport
import Testing

/// *Taken* clicked on a dose's notification as `meds remove` took its medication away (hostile
/// round 29 of issue 42): nothing can be recorded against a medication no longer taken by day,
/// and the click was dropped, said only in the daemon's log. The person is told on screen, with
/// the line that records the dose, in the medication's name, never the reminder's key.
@Suite(.ownThread, .daemonOnBus)
struct MedicationRemovedTakenEndToEndTests: DaemonScenario {
    let dose = "medication:modafinil:2026-11-26:0800"

    init() throws {
        try DoseTapFixture.create(at: DaemonOnBus.directory.file("nudge.sqlite"))
        try nudge("settings", "set", "symptom.reminder_enabled", "false", at: "2026-11-26T06:00:00-05:00")
        try nudge("meds", "add", "modafinil", "--dose", "200mg", "--at", "08:00", at: "2026-11-26T06:00:00-05:00")
    }

    @Test func aTakenRacingTheRemovalIsToldNotRecorded() throws {
        let daemon = try startDaemon(at: "2026-11-26T07:59:57-05:00")
        #expect(bus.waitForNotify(count: 1).count == 1, "\(daemon.stderr)")
        let shown = try #require(waitForShown())
        _ = try nudge("meds", "remove", "modafinil", at: Timestamp.format(shown.addingTimeInterval(60)))
        // The click left before the server heard of the close.
        try bus.invokeAction("taken", on: 1)
        let notices = bus.waitForNotify(count: 2)
        let notice = try #require(notices.count == 2 ? notices.last : nil, "\(daemon.stderr)")
        #expect(notice.summary == "Not recorded")
        // The line records the dose at the click's minute (08:00 or 08:01 by the real seconds).
        #expect(
            notice.body.hasPrefix(
                "modafinil is no longer a medication taken by day (meds remove); nothing recorded for its 08:00 dose on 2026-11-26 (to record it taken: nudge meds taken modafinil --dose 200mg --at 2026-11-26T08:0"
            ) && notice.body.hasSuffix(")"), "\(notice.body)")
        #expect(notice.actions.isEmpty)
        #expect(try rows("SELECT * FROM medication_events WHERE medication_id = 'modafinil'").isEmpty)
    }

    private func waitForShown() -> Date? {
        _ = waitForStore { (try? delivery(dose))?["shown_at"].flatMap(Timestamp.parse) != nil }
        return (try? delivery(dose))?["shown_at"].flatMap(Timestamp.parse)
    }
}
