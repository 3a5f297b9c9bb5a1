import NudgeTestSupport
import Testing

/// A unit typed after an option's value belongs to that option: `meditate 10 --delay 5 min`
/// started with a 5-second delay, 'min' taken as the length's. It is refused with the option's
/// unit, never given another meaning.
@Suite struct OptionUnitTests: CommandScenario {
    let directory = TemporaryDirectory()

    @Test(arguments: [
        (
            ["meditate", "10", "--delay", "5", "min"],
            "'min' is not taken here; --delay takes a number of seconds, not min"
        ),
        (
            ["meditate", "10", "min", "--interval", "5", "min"],
            "'min' is not taken here; --interval takes a number of minutes: --interval 5"
        ),
    ])
    func theUnitIsTheOptions(typed: [String], message: String) throws {
        try expectRefusal(typed, mentioning: message)
    }
}
