import Foundation
import GRDB
import NudgeTestSupport
import Testing

/// `nudge dose test-alarm --cancel` withdraws a test alarm queued with `--in` before it rings,
/// and says so; one already rung stays as it was.
@Suite struct TestAlarmCancelTests: CommandScenario {
    let directory = TemporaryDirectory()

    @Test func cancelWithdrawsTheQueuedTestAlarmAndSaysWhen() throws {
        try StoreQuery.create(store)
        let database = try DatabaseQueue(path: store)
        try database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO reminder_deliveries (reminder_key, kind, due_at, title, shown_at, action)
                        VALUES ('alarm_test:rung', 'alarm_test', '2026-11-22T18:00:00Z', 'Test alarm', '2026-11-22T18:00:00Z', 'stop');
                    INSERT INTO reminder_deliveries (reminder_key, kind, due_at, title)
                        VALUES ('alarm_test:queued', 'alarm_test', '2026-11-22T19:10:00Z', 'Test alarm');
                    """)
        }
        let cancelled = nudge("dose", "test-alarm", "--cancel")
        #expect(
            cancelled.status == 0
                && cancelled.stdout
                    == "cancelled the test alarm due at 20:10 today, 2026-11-22 20:10 CET; it will not ring\n",
            "\(cancelled)")
        let withdrawn = try database.read { db in
            try String.fetchAll(
                db, sql: "SELECT reminder_key FROM reminder_deliveries WHERE cancelled_at IS NOT NULL")
        }
        #expect(withdrawn == ["alarm_test:queued"])
        let again = nudge("dose", "test-alarm", "--cancel")
        #expect(again.status == 0 && again.stdout == "no test alarm is waiting to ring; nothing changed\n", "\(again)")
        try database.close()
    }

    @Test func cancelAndInTogetherAreRefused() throws {
        try expectRefusal(
            ["dose", "test-alarm", "--cancel", "--in", "10m"], mentioning: "give --in or --cancel, not both")
    }
}
