import ArgumentParser
import NudgeCommands
import Testing

@testable import NudgeCommandLine
@testable import nudge

/// Every "did you mean" a wrong verb can get is a command line the parser takes: a suggestion
/// that fails when typed sends a person round in circles.
@Suite struct MeantCommandParsesTests {

    /// The guessers read the command tree the executable names when it runs a line.
    init() { CommandTree.use(Nudge.self) }
    /// Words people reach for from other programs, and what may follow them.
    static let verbs = [
        "show", "view", "display", "info", "ls", "delete", "del", "rm", "remove", "cancel", "drop", "new", "create",
        "change", "update", "modify", "end", "finish", "begin",
    ]
    static let followers: [[String]] = [[], ["Sam"], ["3"], ["410d"], ["symptom.reminder_time"], ["Sam", "--json"]]

    /// Each command that has subcommands, with the words that name it.
    static func parents(_ command: ParsableCommand.Type, path: [String]) -> [([String], ParsableCommand.Type)] {
        let subcommands = command.configuration.subcommands
        guard !subcommands.isEmpty else { return [] }
        return [(path, command)] + subcommands.flatMap { parents($0, path: path + [$0._commandName]) }
    }

    @Test func everySuggestionParses() {
        let environment = CommandEnvironment(
            variables: ["TZ": "UTC", "NUDGE_FAKE_NOW": "2026-11-22T23:00:00Z", "NUDGE_STORE": "/nonexistent/n.sqlite"],
            output: { _ in }, errors: { _ in })
        var suggested = 0
        CommandEnvironment.$current.withValue(environment) {
            for (path, command) in Self.parents(Nudge.self, path: ["nudge"]) {
                let subcommands = command.configuration.subcommands
                for verb in Self.verbs where !subcommands.contains(where: { $0._commandName == verb }) {
                    for rest in Self.followers {
                        guard
                            let meant = MeantCommand.command(
                                for: verb, before: Array(path.dropFirst()), among: subcommands, rest: rest)
                        else { continue }
                        suggested += 1
                        #expect(
                            (try? Nudge.parseAsRoot(meant)) != nil && meant.starts(with: path.dropFirst()),
                            "\(path) \(verb) \(rest) → \(meant)")
                    }
                }
            }
        }
        #expect(suggested > 50)
    }
}
