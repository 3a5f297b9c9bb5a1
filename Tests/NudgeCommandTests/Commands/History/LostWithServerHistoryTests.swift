import Foundation
import NudgeCore
import NudgeTestSupport
import Testing

/// Notifications the daemon recorded lost with a restarted notification server are said so in
/// `history`, with whether they were shown again (issue 42, hostile round: `shown, no answer`
/// forever).
@Suite struct LostWithServerHistoryTests: CommandScenario {
    let directory = TemporaryDirectory()

    @Test func aNotificationLostWithItsServerIsSaidSo() throws {
        try StoreQuery.create(store)
        try StoreQuery.write(
            store,
            """
                INSERT INTO reminder_deliveries
                    (id, reminder_key, kind, due_at, shown_at, notification_id, lost_at, title) VALUES
                    (5, 'symptom:2026-11-22', 'symptom', '2026-11-22T18:00:00Z', '2026-11-22T18:00:00Z', 3,
                        '2026-11-22T18:30:00Z', 'Daily symptom check'),
                    (6, 'dose2:2026-11-22', 'dose2', '2026-11-22T18:10:00Z', '2026-11-22T18:30:00Z', 1,
                        '2026-11-22T18:30:00Z', 'Dose 2 window'),
                    (7, 'journal:2026-11-22', 'journal', '2026-11-22T18:20:00Z', '2026-11-22T18:20:00Z', 4,
                        NULL, 'Journal'),
                    (8, 'call:once:1', 'call', '2026-11-22T18:05:00Z', '2026-11-22T18:31:00Z', 2,
                        '2026-11-22T18:30:00Z', 'Call Sam');
                -- Shown again in the summary of what was late (hostile round on issue 41, Low 5:
                -- history said "shown again", README "shown in the summary of what was late").
                UPDATE reminder_deliveries SET body = '\(LateSummary.recordedBody)' WHERE id = 8;
                -- Shown again in the second its server came back (a showing in that second is
                -- its showing again: the one lost was before it). Before, history said "not shown
                -- again" for it.
                UPDATE reminder_deliveries SET shown_at = '2026-11-22T18:30:00Z' WHERE id = 6
            """)
        let table = InProcessNudge.run(
            ["history", "--store", store], environment: environment.merging(["COLUMNS": "250"]) { $1 })
        let lines = table.stdout.split(separator: "\n")
        let line = { (id: String) in lines.first { $0.hasPrefix(id + " ") }.map(String.init) ?? "" }
        #expect(
            line("5").contains("shown, then lost when the notification server restarted at 19:30, not shown again"),
            "\(table)")
        #expect(
            line("6").contains(
                "shown, then lost when the notification server restarted at 19:30; shown again at 19:30, no answer"),
            "\(table)")
        #expect(line("7").contains("shown, no answer"), "\(table)")
        #expect(
            line("8").contains(
                "shown, then lost when the notification server restarted at 19:30; shown in the summary of what was late at 19:31, no answer"
            ), "\(table)")
        let json = nudge("history", "--json")
        #expect(json.stdout.contains("\"lost_at\" : \"2026-11-22T18:30:00Z\""), "\(json)")
    }

    /// Lost with the clock set back since its showing: the store records the loss the second
    /// after the showing, an instant nobody saw, and history gives no time for it (last
    /// helper's note on issue 41: it read the showing plus 1 s).
    @Test func aLossRecordedByTheClockSetBackIsSaidWithoutATime() throws {
        try StoreQuery.create(store)
        try StoreQuery.write(
            store,
            """
                INSERT INTO reminder_deliveries
                    (id, reminder_key, kind, due_at, shown_at, notification_id, lost_at, title) VALUES
                    (5, 'symptom:2026-11-22', 'symptom', '2026-11-22T18:00:00Z', '2026-11-22T18:00:00Z', 3,
                        '2026-11-22T18:00:01Z', 'Daily symptom check')
            """)
        let table = InProcessNudge.run(
            ["history", "--store", store], environment: environment.merging(["COLUMNS": "250"]) { $1 })
        #expect(
            table.stdout.contains("shown, then lost when the notification server restarted, not shown again"),
            "\(table)")
        #expect(!table.stdout.contains("restarted at"), "\(table)")
    }

    /// Closed, then brought back as open by an older copy of the store (a restore): not a
    /// server's restart (hostile round 22 on issue 39).
    @Test func aNotificationAnOlderCopyOfTheStoreBroughtBackIsSaidSo() throws {
        try StoreQuery.create(store)
        try StoreQuery.write(
            store,
            """
                INSERT INTO reminder_deliveries
                    (id, reminder_key, kind, due_at, shown_at, notification_id, lost_at, lost_reason, title,
                        reshow_at) VALUES
                    (5, 'own:1:2026-11-22', 'own', '2026-11-22T18:00:00Z', '2026-11-22T18:40:00Z', 3,
                        '2026-11-22T18:40:00Z', 'older_copy', 'Take out the bins', '2026-11-22T18:40:00Z')
            """)
        let table = InProcessNudge.run(
            ["history", "--store", store], environment: environment.merging(["COLUMNS": "250"]) { $1 })
        #expect(
            table.stdout.contains(
                "shown and closed, then an older copy of the store that records it as open was put in place (seen at 19:40); shown again at 19:40, no answer"
            ), "\(table)")
        let json = nudge("history", "--json")
        #expect(json.stdout.contains("\"lost_reason\" : \"older_copy\""), "\(json)")
    }
}
