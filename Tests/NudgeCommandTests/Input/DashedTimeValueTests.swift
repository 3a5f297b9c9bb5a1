import Foundation
import NudgeTestSupport
import Testing

/// A time option's value that begins with `-` (issue 40: `--at '-2h ago'` was answered in the
/// argument parser's words, "Missing value for '--at <at>'"): `-2h` is understood as 2 hours
/// ago, and every other such value is refused in nudge's words, exit 64, the store unchanged.
/// The scenario's now is Sunday 22 November 2026, 20:00 in Berlin.
@Suite struct DashedTimeValueTests: CommandScenario {
    let directory = TemporaryDirectory()

    @Test(arguments: [
        ("-2h", "at 18:00 today, 2026-11-22 18:00 CET"),
        ("-90 min", "at 18:30 today, 2026-11-22 18:30 CET"),
        ("-1 day", "at 20:00 yesterday, 2026-11-21 20:00 CET"),
    ])
    func aSpanWithAMinusIsThatSpanAgo(typed: String, understood: String) {
        let result = nudge("log", "symptom", "Itch", "--severity", "2", "--at", typed)
        #expect(result.status == 0 && result.stdout == "logged Itch (2) \(understood)\n", "\(result)")
        let since = nudge("history", "--since", "-1h")
        #expect(since.status == 0 && since.stderr.isEmpty, "\(since)")
    }

    @Test(arguments: [
        (
            ["log", "symptom", "Itch", "--severity", "2", "--at", "-2h ago"],
            "--at '-2h ago' is a span back said twice, by its minus and by ago; give 2h ago or -2h"
        ),
        (["history", "--since", "-1h ago"], "--since '-1h ago' is a span back said twice"),
        (["upcoming", "--from", "-2h ago"], "--from '-2h ago' is a span back said twice"),
        (["log", "symptom", "Itch", "--severity", "2", "--at", "-h"], "--at '-h' is not a time; give now,"),
        (["symptoms", "--date", "-1"], "--date '-1' is not a day; give YYYY-MM-DD"),
        (["symptoms", "--from", "-2", "--to", "today"], "--from '-2' is not a day; give YYYY-MM-DD"),
        (["meditations", "--since", "-1"], "--since '-1' is not a day; give YYYY-MM-DD"),
        (["remind", "Water", "--on", "-1", "--at", "9"], "--on '-1' is not a day; give YYYY-MM-DD"),
        (["remind", "Water", "--daily", "--at", "9", "--until", "-1"], "--until '-1' is not a day"),
        (["remind", "Water", "--in", "-2h"], "--in '-2h' is a span back, where --in counts ahead of now"),
        (["call", "remind", "Sam", "--in", "-2"], "--in -2 is out of range; give a number of days from 0"),
        (["call", "remind", "Sam", "--at", "-2h"], "--at '-2h' (18:00 today, 2026-11-22 18:00 CET) has passed"),
        // An amount with a minus, as a time's (issue 40: "Missing value for '--dose <dose>'").
        (["meds", "taken", "modafinil", "--dose", "-5mg"], "--dose '-5mg' is not a dose; give a positive amount"),
    ])
    func anyOtherIsRefusedInNudgesWords(arguments: [String], message: String) throws {
        try StoreQuery.create(store)
        #expect(nudge("contacts", "add", "Sam").status == 0)
        let result = try InProcessNudge.expectRefusal(
            arguments, store: store, environment: environment, mentioning: message)
        for parsersWords in ["Missing value", "Unknown option", "after '--'", "=VALUE"] {
            #expect(!result.stderr.contains(parsersWords), "\(result)")
        }
    }
}
