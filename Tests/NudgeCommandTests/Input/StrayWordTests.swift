import NudgeTestSupport
import Testing

/// Words typed beside a name are joined into it only when they come before the first option
/// and say no time, unit, number or option: otherwise a line followed would write wrong data
/// (a symptom named "headache yesterday", a contact "Dr Who days"). The refusal names the word
/// and what it could be, and offers no line.
@Suite struct StrayWordTests: CommandScenario {
    let directory = TemporaryDirectory()

    @Test(arguments: [
        (
            ["log", "symptom", "headache", "--severity", "3", "yesterday"],
            "'yesterday' is not taken here; to log at another time: --at 'yesterday 9:00'"
        ),
        (["log", "symptom", "headache", "severity", "3"], "'severity' is not taken here; the option is --severity"),
        (["call", "log", "mum", "20"], "'20' is not taken here; a number goes after its option"),
        (["call", "log", "my", "mum", "--duration", "5"], "no contact matches 'my mum'"),
        (
            ["log", "symptom", "headache", "--severity", "3", "bad"],
            "'bad' is not taken here; a name of several words goes in quotes, before the options"
        ),
    ])
    func aWordThatIsNoPartOfTheNameIsNamed(typed: [String], message: String) throws {
        try StoreQuery.create(store)
        #expect(nudge("contacts", "add", "mum").status == 0)
        let result = try InProcessNudge.expectRefusal(
            typed, store: store, environment: environment, mentioning: message)
        #expect(!result.stderr.contains("did you mean"), "\(result.stderr)")
    }

    /// Words before the first option still make one name, and a contact that exists is named.
    @Test(arguments: [
        (
            ["log", "symptom", "joint", "pain", "--severity", "3"],
            "did you mean: nudge log symptom 'joint pain' --severity 3"
        ),
        (["call", "log", "Aunt", "May", "--duration", "5"], "did you mean: nudge call log 'Aunt May' --duration 5"),
    ])
    func wordsBeforeTheOptionsMakeOneName(typed: [String], message: String) throws {
        try StoreQuery.create(store)
        #expect(nudge("contacts", "add", "Aunt May").status == 0)
        try InProcessNudge.expectRefusal(typed, store: store, environment: environment, mentioning: message)
    }
}
