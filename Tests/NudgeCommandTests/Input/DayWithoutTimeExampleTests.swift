import NudgeTestSupport
import Testing

/// A day given where a time is needed is refused with an example the parser takes: "such as
/// 9:00 2026-11-21" was itself refused as not a time.
@Suite struct DayWithoutTimeExampleTests: CommandScenario {
    let directory = TemporaryDirectory()

    @Test(arguments: ["2026-11-21", "yesterday"])
    func theExampleIsTaken(day: String) throws {
        try StoreQuery.create(store)
        let result = try InProcessNudge.expectRefusal(
            ["log", "symptom", "t", "--severity", "1", "--at", day], store: store, environment: environment,
            mentioning: "is a day without a time; give its time too, such as ")
        let example = String(try #require(result.stderr.split(separator: "such as ").last).dropLast())
        let taken = nudge("log", "symptom", "t", "--severity", "1", "--at", example)
        #expect(taken.status == 0, "\(example): \(taken)")
    }
}
