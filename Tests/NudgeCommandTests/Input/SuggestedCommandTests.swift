import NudgeCommands
import NudgeCore
import Testing

@testable import nudge

/// The command lines rules name in their notifications are commands the parser takes.
@Suite struct SuggestedCommandTests {
    /// What a person fills in for each word in capitals.
    static let filled = ["NAME": "Alex", "N": "3", "HH:MM": "22:10"]

    /// Parsed and validated as typed at a fixed instant (validation reads the clock: 22:10 is
    /// a dose time only within 12 hours of it), touching no store.
    @Test(arguments: SuggestedCommand.examples) func parses(_ command: SuggestedCommand) throws {
        let arguments = command.arguments.map { Self.filled[$0] ?? $0 }
        let environment = CommandEnvironment(
            variables: [
                "TZ": "UTC", "NUDGE_FAKE_NOW": "2026-11-22T23:00:00Z", "NUDGE_STORE": "/nonexistent/nudge.sqlite",
            ],
            output: { _ in }, errors: { _ in })
        CommandEnvironment.$current.withValue(environment) {
            #expect(throws: Never.self, "\(command)") { _ = try Nudge.parseAsRoot(arguments) }
        }
    }

    /// A word in capitals the table does not fill would pass as an argument by chance.
    @Test func everyPlaceholderIsFilled() {
        for command in SuggestedCommand.examples {
            for word in command.arguments where word.uppercased() == word && word.contains(where: \.isLetter) {
                #expect(Self.filled[word] != nil, "\(command): \(word)")
            }
        }
    }
}
