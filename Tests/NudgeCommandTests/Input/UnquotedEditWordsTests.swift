import Foundation
import NudgeTestSupport
import Testing

/// `reminders edit` and `dose snooze` with words typed unquoted get nudge's one line with the
/// line that would be taken, as `remind` does, not the parser's "Unexpected argument 'pm'"
/// (hostile round on issue 40, M6: `reminders edit`'s usage `[<options>] <id>` was read as two
/// arguments).
@Suite struct UnquotedEditWordsTests: CommandScenario {
    let directory = TemporaryDirectory()

    @Test(arguments: [
        (
            ["--at", "10", "pm"],
            "--at takes one value, in quotes when it has several words; did you mean: nudge reminders edit 1 --at '10 pm'"
        ),
        (
            ["--weekly", "mon", "thu"],
            "--weekly takes one value, in quotes when it has several words; did you mean: nudge reminders edit 1 --weekly 'mon thu'"
        ),
        (
            ["--in", "2", "hours"],
            "--in takes one value, in quotes when it has several words; did you mean: nudge reminders edit 1 --in '2 hours'"
        ),
        (
            ["--on", "next", "friday"],
            "--on takes one value, in quotes when it has several words; did you mean: nudge reminders edit 1 --on 'next friday'"
        ),
    ])
    func aReminderEditGetsTheLineMeant(words: [String], line: String) throws {
        #expect(nudge("remind", "Water", "--daily", "--at", "21:00").status == 0)
        let result = try InProcessNudge.expectRefusal(
            ["reminders", "edit", "1"] + words, store: store, environment: environment, mentioning: "did you mean")
        #expect(result.stderr == "nudge: \(line) --store \(store)\n")
    }

    @Test func aSnoozeLengthIsTheSettingsLine() throws {
        try StoreQuery.create(store)
        let result = try InProcessNudge.expectRefusal(
            ["dose", "snooze", "10", "min"], store: store, environment: environment, mentioning: "nudge")
        #expect(
            result.stderr
                == "nudge: nudge dose snooze takes no length; it moves the alarm by dose.snooze_duration_minutes; to snooze by 10 min from now on: nudge settings set dose.snooze_duration_minutes '10 min' --store \(store)\n"
        )
        try InProcessNudge.expectRefusal(
            ["dose", "snooze", "45", "min"], store: store, environment: environment,
            mentioning: "invalid value '45 min' for dose.snooze_duration_minutes: expected a whole number from 1 to 30")
    }
}
