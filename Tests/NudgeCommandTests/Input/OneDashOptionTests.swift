import NudgeTestSupport
import Testing

/// A long option typed with one dash, or its first letter alone, is answered with the option
/// (`nudge -help` once got "as in: nudge -- -help", which fails); '--' is only advised for a
/// value that begins with a dash and a digit.
@Suite struct OneDashOptionTests: CommandScenario {
    let directory = TemporaryDirectory()

    @Test(arguments: [
        (["-help"], "nudge takes no option '-help'; did you mean: nudge --help"),
        (["-v"], "nudge takes no option '-v'; did you mean: nudge --version"),
        // No entry f757 here: the option alone, not a line refused typed back (issue 40, M4).
        (["symptoms", "delete", "f757", "-y"], "nudge symptoms delete takes no option '-y'; did you mean --yes?"),
        (["symptoms", "delete", "f757", "--y"], "nudge symptoms delete takes no option '--y'; did you mean --yes?"),
    ])
    func theOptionIsOffered(typed: [String], message: String) throws {
        try StoreQuery.create(store)
        let result = try InProcessNudge.expectRefusal(
            typed, store: store, environment: environment, mentioning: message)
        #expect(!result.stderr.contains(" -- "), "\(result.stderr)")
    }
}
