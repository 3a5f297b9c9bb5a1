import Foundation
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
}
