import Foundation
import NudgeTestSupport
import Testing

/// Settings keys, ids, `--in` and `--mood` are typed when they are parsed, once: a refusal
/// then comes from ArgumentParser ("The value 'x' is invalid for '<key>': …") and is said as
/// nudge's own, the whole line, with nothing written.
@Suite struct TypedArgumentRefusalTests: CommandScenario {
    let directory = TemporaryDirectory()
    let environment = CommandScenarioClock.newYorkEvening

    @Test(arguments: [
        (
            ["settings", "get", "symptom.color"],
            "unknown settings key 'symptom.color'; run 'nudge settings' to list the keys"
        ),
        (
            ["settings", "reset", "symptom.reminder_tim"],
            "unknown settings key 'symptom.reminder_tim'; did you mean symptom.reminder_time? ('nudge settings' lists the keys)"
        ),
        (
            ["call", "delete", "ab cd"],
            "'ab cd' is not a call id; give at least its first 4 characters, as nudge call history shows them"
        ),
        (
            ["symptoms", "edit", "ab cd", "--severity", "2"],
            "'ab cd' is not a symptom entry id; give at least its first 4 characters, as nudge symptoms shows them"
        ),
        (
            ["dose", "test-alarm", "--in", "2s"],
            "--in '2s' is not a delay from 5 s to 24 h; give 10 (minutes), 10m, 10 min, 90s, 1h30m or 1:30"
        ),
        (
            ["call", "edit", "abcd1111", "--mood", "angry"],
            "--mood 'angry' is not a mood; give one of happy, neutral, sad, frustrated or excited, or '' to remove it"
        ),
        // A number ArgumentParser read said only "The value 'abc' is invalid for '--days <days>'"
        // (issue 42's Low), as did a closed set of one.
        (
            ["upcoming", "--format", "ics", "--days", "abc"],
            "--days 'abc' is not a number of days; give one from 1 to 366, as 14, 14d, 2w or 2 weeks"
        ),
        (["upcoming", "--format", "icalendar"], "--format 'icalendar' is not accepted; give 'ics'"),
        (["meditate", "--delay", "abc"], "--delay 'abc' is not a whole number; give one from 0 to 120"),
        (
            ["meditate", "start", "--interval", "abc"],
            "--interval 'abc' is not a whole number of minutes; give one from 0 to 120 as 10 (minutes), 10m, 10 min, 1h30m or 1:30"
        ),
        // A zone's name on a time the clock reads once: what it was read as, and the fix, not
        // "not a time of day" (issue 40); it picks only one of a fall-back night's two 01:30s.
        (
            ["remind", "Water", "--on", "tomorrow", "--at", "9:00 EST"],
            "--at '9:00 EST' is 09:00 on 2026-11-22, which your clock reads once (09:00 EST); a zone's name or offset only says which of the two readings of a fall-back night's hour is meant; give --at 09:00"
        ),
    ])
    func aTypedArgumentIsRefusedInNudgesOwnWords(arguments: [String], line: String) throws {
        try StoreQuery.create(store)
        let result = try InProcessNudge.expectRefusal(
            arguments, store: store, environment: environment, mentioning: line)
        #expect(result.stderr == "nudge: \(line)\n")
    }
}
