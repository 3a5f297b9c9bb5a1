import ArgumentParser
import Testing

@testable import nudge

/// Every command says its name in its configuration. Without one, ArgumentParser makes the name
/// from the type's (`String(describing:)` of a metatype, a scan of every protocol conformance in
/// the process that is never cached), about 0.26 million instructions each time, and it asks for
/// every command's name each time it builds the command tree: 90 million of a debug `nudge
/// settings get`'s 250 million (contrib/bench/results/README.md).
@Suite struct CommandNamesTests {
    @Test func everyCommandNamesItself() {
        var commands: [any ParsableCommand.Type] = [Nudge.self]
        var index = 0
        while index < commands.count {
            commands += commands[index].configuration.subcommands
            index += 1
        }
        #expect(commands.count > 60)
        for command in commands {
            #expect(command.configuration.commandName != nil, "\(command) names itself (commandName:)")
        }
    }
}
