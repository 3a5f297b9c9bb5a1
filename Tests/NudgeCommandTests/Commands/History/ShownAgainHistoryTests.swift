import Foundation
import NudgeTestSupport
import Testing

/// A medication reminder left unanswered is closed by nudge when its repeat is shown: history
/// said "answered otherwise" of each, as of one settled another way (issue 40, hostile round
/// 10: a carer reading it saw every ignored dose as dealt with).
@Suite struct ShownAgainHistoryTests: CommandScenario {
    let directory = TemporaryDirectory()

    @Test func aReminderClosedByItsRepeatIsNotAnsweredOtherwise() throws {
        let added = InProcessNudge.run(
            ["meds", "add", "modafinil", "--dose", "200mg", "--at", "19:00", "--store", store],
            environment: environment.merging(["NUDGE_FAKE_NOW": "2026-11-22T07:00:00+01:00"]) { $1 })
        #expect(added.status == 0, "\(added)")
        try StoreQuery.write(
            store,
            """
                    INSERT INTO reminder_deliveries
                        (id, reminder_key, kind, due_at, shown_at, closed_at, closed_reason, title) VALUES
                        (7, 'medication:modafinil:2026-11-22:1900', 'medication', '2026-11-22T18:00:00Z',
                            '2026-11-22T18:00:00Z', '2026-11-22T18:10:01Z', 'closed', 'Modafinil 200 mg'),
                        (8, 'medication:modafinil:2026-11-22:1900:again:1', 'medication', '2026-11-22T18:10:00Z',
                            '2026-11-22T18:10:00Z', '2026-11-22T18:20:01Z', 'closed', 'Modafinil 200 mg (again)'),
                        (9, 'medication:modafinil:2026-11-22:1900:again:2', 'medication', '2026-11-22T18:20:00Z',
                            '2026-11-22T18:20:00Z', NULL, NULL, 'Modafinil 200 mg (again)'),
                        (10, 'symptom:2026-11-22', 'symptom', '2026-11-22T18:30:00Z',
                            '2026-11-22T18:30:00Z', '2026-11-22T18:40:00Z', 'closed', 'How was today?')
            """)
        let history = nudge("history", "--json")
        #expect(history.status == 0, "\(history)")
        let table = InProcessNudge.run(
            ["history", "--store", store], environment: environment.merging(["COLUMNS": "200"]) { $1 })
        let lines = table.stdout.split(separator: "\n")
        for id in ["7", "8"] {
            let line = lines.first { $0.hasPrefix(id + " ") }
            #expect(line?.contains("closed when shown again, no answer") == true, "\(table)")
        }
        // One settled another way, with no reminder of it shown after, still says so.
        #expect(lines.first { $0.hasPrefix("10 ") }?.contains("answered otherwise") == true, "\(table)")
    }

    /// Your own reminder on screen, unanswered, is closed when `reminders edit --at` moves it
    /// (hostile round of issue 42): history said "answered otherwise".
    @Test func anOwnReminderClosedWhenMovedIsNotAnswered() throws {
        let added = InProcessNudge.run(
            ["remind", "Water the plants", "--every", "3d", "--at", "18:00", "--store", store],
            environment: environment.merging(["NUDGE_FAKE_NOW": "2026-11-22T07:00:00+01:00"]) { $1 })
        #expect(added.status == 0, "\(added)")
        try StoreQuery.write(
            store,
            """
                    INSERT INTO reminder_deliveries
                        (id, reminder_key, kind, due_at, shown_at, closed_at, closed_reason, title) VALUES
                        (7, 'reminder:1:2026-11-22:1800', 'reminder', '2026-11-22T17:00:00Z',
                            '2026-11-22T17:00:00Z', '2026-11-22T17:05:00Z', 'closed', 'Water the plants')
            """)
        let table = InProcessNudge.run(
            ["history", "--store", store], environment: environment.merging(["COLUMNS": "200"]) { $1 })
        let line = table.stdout.split(separator: "\n").first { $0.hasPrefix("7 ") }
        #expect(line?.contains("closed unanswered: moved to another time or deleted") == true, "\(table)")
        #expect(line?.contains("answered") == true && line?.contains("answered otherwise") == false, "\(table)")
    }
}
