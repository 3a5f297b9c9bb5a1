import NudgeTestSupport
import Testing

/// A day given where a time is needed is refused with an example the command takes when typed
/// back: "such as 9:00 2026-11-21" was itself refused as not a time, and "such as 9:00 next
/// friday" as in the future by `log symptom`, which takes only a time that has passed. Where no
/// time of that day is taken, no example is given.
@Suite struct DayWithoutTimeExampleTests: CommandScenario {
    let directory = TemporaryDirectory()

    /// A Thursday morning and evening in Berlin, a Friday evening (the day the examples name,
    /// after their times) and a Sunday morning (the week's end): every weekday at both times
    /// took 5 minutes and caught nothing more (`WeekdayOnEveryDayTests` covers each weekday).
    static let nows = [
        "2026-11-26T08:30:00+01:00", "2026-11-26T20:00:00+01:00", "2026-11-27T20:00:00+01:00",
        "2026-11-29T08:30:00+01:00",
    ]
    static let days = [
        "2026-11-21", "2026-11-26", "2026-11-27", "today", "tomorrow", "yesterday", "monday", "friday",
        "last monday", "next friday",
    ]
    /// Each command with a `--at`, and the words around it.
    static let commands: [[String]] = [
        ["log", "symptom", "t", "--severity", "1"], ["meditations", "add", "--minutes", "10"],
        ["call", "log", "Sam"], ["dose", "1"], ["call", "remind", "Sam"],
    ]

    @Test(arguments: commands, nows)
    func everyExampleIsTaken(command: [String], now: String) throws {
        var environment = environment
        environment["NUDGE_FAKE_NOW"] = now
        var given = 0
        // Today's date too, which every command with a time that has passed takes.
        for day in Self.days + [String(now.prefix(10))] {
            let directory = TemporaryDirectory()
            let store = directory.file("nudge.sqlite")
            let run = { (arguments: [String]) in
                InProcessNudge.run(arguments + ["--store", store], environment: environment)
            }
            #expect(run(["contacts", "add", "Sam"]).status == 0)
            let result = try InProcessNudge.expectRefusal(
                command + ["--at", day], store: store, environment: environment, mentioning: "is a day without a time")
            guard let example = result.stderr.split(separator: "such as ").dropFirst().first else {
                #expect(result.stderr.contains("and no time of that day can be given here"), "\(day): \(result)")
                continue
            }
            given += 1
            let taken = run(command + ["--at", String(example.dropLast())])
            #expect(taken.status == 0, "\(command) \(day) at \(now): \(example): \(taken)")
        }
        #expect(given >= 2, "\(command) at \(now)")
    }
}
