import Foundation
import NudgeTestSupport
import Testing

/// A day, a span or a count typed where a listing takes it as an option (`nudge symptoms today`,
/// `nudge history 1h`, `nudge upcoming 5`) gets the line with the option, never the parser's "Unexpected argument", and
/// `symptoms 7d` is not offered as a symptom named 7d (a newcomer's first week, ninth round).
@Suite struct ListingOptionWordTests: CommandScenario {
    let directory = TemporaryDirectory()

    @Test(arguments: [
        (["symptoms", "today"], ["symptoms", "--date", "today"]),
        (["symptoms", "yesterday"], ["symptoms", "--date", "yesterday"]),
        (["symptoms", "7d"], ["symptoms", "--days", "7"]),
        (["symptoms", "--chart", "2026-11-21"], ["symptoms", "--chart", "--date", "2026-11-21"]),
        (["symptoms", "export", "30d"], ["symptoms", "export", "--days", "30"]),
        (["history", "1h"], ["history", "--since", "1h"]),
        (["history", "yesterday"], ["history", "--since", "yesterday"]),
        (["meditations", "today"], ["meditations", "--since", "today"]),
        (["upcoming", "5"], ["upcoming", "--limit", "5"]),
    ])
    func aDayOrSpanGetsItsOption(typed: [String], meant: [String]) throws {
        try StoreQuery.create(store)
        let result = try InProcessNudge.expectRefusal(
            typed, store: store, environment: environment, mentioning: "did you mean: nudge ")
        #expect(!result.stderr.contains("log symptom"), "\(result)")
        let line = String(try #require(result.stderr.split(separator: "did you mean: ").last).dropLast())
        #expect(try WholeLineSuggestionTests.shellWords([line]) == [["nudge"] + meant + ["--store", store]], "\(line)")
        let run = nudge(meant)
        #expect(run.status == 0, "\(meant): \(run)")
    }
}
