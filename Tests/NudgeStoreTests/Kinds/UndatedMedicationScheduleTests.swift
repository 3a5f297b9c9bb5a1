import Foundation
import GRDB
import NudgeCore
import NudgeTestSupport
import Testing

@testable import NudgeStore

/// A medication taken by day whose row another program wrote with no time nudge can read
/// (`created_at` and `updated_at` of `soon`, no schedule version) is reminded from the day it
/// is read: read as 1970 (issue 42), yesterday's dose was found past its repeats by the plan,
/// to be recorded missed, of a row that may not have been there yesterday.
@Suite struct UndatedMedicationScheduleTests {
    let directory = TemporaryDirectory()
    var path: String { directory.file("nudge.sqlite") }
    /// 07:00 in Berlin: today's 08:00 dose is an hour ahead.
    let now = Timestamp.parse("2026-11-21T06:00:00Z")!
    let clock = WallClock(zone: .system("Europe/Berlin"))

    @Test func itsDosesBeforeTheDayItIsReadAreNeitherAskedNorMissed() throws {
        let store = try Store(path: path, now: now.addingTimeInterval(-10 * 86400)).choosingKinds([.medication])
        _ = try store.addMedicationSchedule(
            medicationID: "modafinil", doseMg: 200, formulation: "ir", times: try MedicationTimes.parse("08:00"),
            days: try MedicationDays.parse("daily"), now: now.addingTimeInterval(-10 * 86400)
        ).get()
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: "UPDATE medication_schedules SET created_at = 'soon', updated_at = 'soon'")
            try db.execute(sql: "DELETE FROM medication_schedule_versions")
        }
        let plan = Schedule(input: try store.scheduleInput(at: now, clock: clock), clock: clock).plan(now: now)
        #expect(plan.due.isEmpty && plan.missed.isEmpty, "\(plan)")
        #expect(plan.nextDue == Timestamp.parse("2026-11-21T07:00:00Z"), "\(plan)")
        #expect(try store.undatedMedicationSchedules() == [UndatedMedicationSchedule(id: 1, medicationID: "modafinil")])
    }
}
