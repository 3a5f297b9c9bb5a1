import Foundation
import NudgeTestSupport
import Testing

/// A reminder answered after the backup (hostile round 18 on issue 39, High): restored, it is
/// unanswered, and the daemon showed the medication taken since as due again, while the
/// account said only "1 record of a reminder shown ... is not in it". The account says that
/// the answered reminders are unanswered in the backup and shown again while due.
struct RestoreAnsweredRemindersTests: CommandScenario {
    let directory = TemporaryDirectory()
    var environment: [String: String] { ["TZ": "UTC", "NUDGE_FAKE_NOW": "2026-11-22T10:00:00Z"] }

    @Test func theAccountSaysWhichAnswersComeUndone() throws {
        #expect(nudge("log", "symptom", "headache", "--severity", "3").status == 0)
        try StoreQuery.write(
            store,
            """
            INSERT INTO reminder_deliveries (reminder_key, kind, due_at, shown_at)
            VALUES ('own:1:2026-11-22:0900', 'own', '2026-11-22T09:00:00Z', '2026-11-22T09:00:00Z'),
                   ('own:2:2026-11-22:0930', 'own', '2026-11-22T09:30:00Z', '2026-11-22T09:30:00Z')
            """)
        #expect(nudge("backup").status == 0)
        try StoreQuery.write(
            store,
            "UPDATE reminder_deliveries SET acknowledged_at = '2026-11-22T09:45:00Z', action = 'done'")
        let restored = nudge("restore", "--latest", "--yes")
        #expect(
            restored.stdout.contains(
                "; 2 reminders answered since then are unanswered in it: shown again if still due in it"),
            "\(restored)")
        // Answered before the backup: nothing comes undone.
        #expect(nudge("backup").status == 0)
        let again = nudge("restore", "--latest", "--yes")
        #expect(!again.stdout.contains("answered since then"), "\(again)")
    }

    /// Shown after the backup and not answered (hostile round 19 on issue 39, Low): restored,
    /// the daemon shows it again, with its sound, which the account did not say.
    @Test func theAccountSaysWhichShowingsComeUndone() throws {
        #expect(nudge("log", "symptom", "headache", "--severity", "3").status == 0)
        #expect(nudge("backup").status == 0)
        try StoreQuery.write(
            store,
            """
            INSERT INTO reminder_deliveries (reminder_key, kind, due_at, shown_at, acknowledged_at, action)
            VALUES ('own:1:2026-11-22:0900', 'own', '2026-11-22T09:00:00Z', '2026-11-22T09:00:00Z', NULL, NULL),
                   ('own:2:2026-11-22:0930', 'own', '2026-11-22T09:30:00Z', '2026-11-22T09:30:00Z',
                    '2026-11-22T09:40:00Z', 'done')
            """)
        let restored = nudge("restore", "--latest", "--yes")
        #expect(
            restored.stdout.contains(
                "; 1 reminder answered since then is unanswered in it and 1 shown since then is not shown in it: shown again if still due in it"
            ),
            "\(restored)")
    }
}
