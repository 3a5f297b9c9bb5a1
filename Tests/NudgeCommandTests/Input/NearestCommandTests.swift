import NudgeCore
import NudgeTestSupport
import Testing

/// A mistyped command is answered with the nearest one, two letters swapped counting as one
/// edit (`stauts` once started a 10-minute countdown); where several are equally near, all are
/// named and no line is offered.
@Suite struct NearestCommandTests: CommandScenario {
    let directory = TemporaryDirectory()

    @Test func aSwapIsOneEdit() {
        #expect(EditDistance.between("stauts", "status") == 1)
        #expect(EditDistance.between("stauts", "start") == 2)
    }

    @Test func theNearestCommandIsOffered() throws {
        try expectRefusal(
            ["meditate", "stauts"], mentioning: "has no command 'stauts'; did you mean: nudge meditate status")
    }

    @Test func equallyNearCommandsAreAllNamed() throws {
        try StoreQuery.create(store)
        let result = try InProcessNudge.expectRefusal(
            ["meditate", "sta"], store: store, environment: environment,
            mentioning: "has no command 'sta'; did you mean start or status?")
        #expect(!result.stderr.contains("did you mean:"), "\(result.stderr)")
    }

    /// The one command the typed word begins is meant before one a letter away (`hist` is
    /// history, not list); the commands the word itself begins with are named too.
    @Test func theCommandAWordBeginsIsMeant() throws {
        try expectRefusal(
            ["meds", "hist"], mentioning: "has no command 'hist'; did you mean: nudge meds history --store")
        try expectRefusal(
            ["reminder"],
            mentioning: "has no command 'reminder' (nudge remind is another); did you mean: nudge reminders --store")
    }

    /// A hyphenated command typed as two words is both words, not the first with the second
    /// left over (`nudge dose test-alarm alarm --help`).
    @Test func aHyphenatedCommandInTwoWordsIsBothWords() throws {
        try expectRefusal(
            ["dose", "test", "alarm", "--help"],
            mentioning: "has no command 'test'; did you mean: nudge dose test-alarm --help --store")
    }
}
