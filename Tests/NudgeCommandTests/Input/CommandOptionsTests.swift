import ArgumentParser
import Testing

@testable import NudgeCommandLine
@testable import nudge

/// The options each command takes are read from its usage by a hand scanner (no regex engine in
/// a daemon at rest): it finds what the regex it replaced found, in every command's help.
@Suite struct CommandOptionsTests {
    @Test func theScannerFindsWhatTheRegexFoundInEveryCommandsHelp() {
        var commands: [any ParsableCommand.Type] = [Nudge.self]
        var index = 0
        while index < commands.count {
            commands += commands[index].configuration.subcommands
            index += 1
        }
        for command in commands {
            let help = Nudge.helpMessage(for: command, columns: 1000)
            let expected = help.matches(of: /(?:^|[\s,\[(|])(--?[A-Za-z][A-Za-z0-9-]*)( <[^>]+>)?/).map {
                "\($0.1) \($0.2 != nil)"
            }
            let scanned = CommandOptions.mentions(in: help).map { "\($0.name) \($0.takesValue)" }
            #expect(scanned == expected, "\(command._commandName)")
            #expect(!scanned.isEmpty, "\(command._commandName)")
        }
    }

    @Test func edgeCases() {
        let found = CommandOptions.mentions(in: "-a x,--bc-1 <n> [--d]|-e (--f <a\nb>) ---g --1 a-h --i <> --j")
            .map { "\($0.name) \($0.takesValue)" }
        #expect(
            found == [
                "-a false", "--bc-1 true", "--d false", "-e false", "--f true", "--i false", "--j false",
            ])
    }
}
