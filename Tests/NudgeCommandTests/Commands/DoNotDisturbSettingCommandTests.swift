import Foundation
import GRDB
import NudgeTestSupport
import Testing

/// `nudge settings set KIND.during_do_not_disturb`: a word it does not take is refused in one
/// line naming the key and what it accepts, exit 64, and the store keeps what it had.
@Suite struct DoNotDisturbSettingCommandTests: CommandScenario {
    let directory = TemporaryDirectory()
    let environment = CommandScenarioClock.newYorkEvening

    @Test func aWordItDoesNotTakeIsRefusedInOneLine() throws {
        #expect(nudge("settings", "set", "call.during_do_not_disturb", "Break-Through").status == 0)
        let refused = InProcessNudge.run(
            ["settings", "set", "call.during_do_not_disturb", "later", "--store", store], environment: environment)
        #expect(refused.status == 64, "\(refused)")
        #expect(
            refused.stderr
                == "nudge: invalid value 'later' for call.during_do_not_disturb: expected hold or break-through\n",
            "\(refused)")
        let kept = InProcessNudge.run(
            ["settings", "get", "call.during_do_not_disturb", "--store", store], environment: environment)
        #expect(kept.stdout == "break-through\n", "\(kept)")
    }

    /// The dose-2 alarm is a medical alarm: Do Not Disturb never silences it (hostile round on
    /// issue 41 after B15, Medium 4: `hold` was taken and held the alarm unshown and unrung
    /// while doctor said it rang). `hold` is refused; `hold` written by another program is
    /// read as break-through, and doctor names the row and its fix.
    @Test func theDoseAlarmIsNeverSetToHold() throws {
        try StoreQuery.create(store)
        #expect(nudge("settings", "set", "dose.during_do_not_disturb", "Break-Through").status == 0)
        try InProcessNudge.expectRefusal(
            ["settings", "set", "dose.during_do_not_disturb", "hold"], store: store, environment: environment,
            mentioning:
                "invalid value 'hold' for dose.during_do_not_disturb: the dose-2 alarm is a medical alarm and always breaks through Do Not Disturb; expected break-through"
        )
        try DatabaseQueue(path: store).write { db in
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO settings (key, value, updated_at)
                    VALUES ('dose.during_do_not_disturb', 'hold', '2026-11-21T12:00:00Z')
                    """)
        }
        let read = InProcessNudge.run(
            ["settings", "get", "dose.during_do_not_disturb", "--store", store], environment: environment)
        #expect(read.stdout == "break-through\n", "\(read)")
        let doctor = InProcessNudge.run(["doctor", "--store", store], environment: environment)
        #expect(
            doctor.stdout.contains(
                "settings: dose.during_do_not_disturb: its value is not break-through, the only one it takes (the dose-2 alarm is a medical alarm and always breaks through Do Not Disturb); nudge uses break-through instead"
            ), "\(doctor)")
        #expect(doctor.status == 1, "\(doctor)")
    }
}
