import ArgumentParser
import Foundation
import NudgeCommandLine
import NudgeCommands
import NudgeCore
import NudgeReports
import NudgeStore

extension Nudge.Journal {
    struct List: NudgeCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List the sessions, newest first, with the mood before and after and how many reflections.")
        @OptionGroup var global: GlobalOptions
        @Flag(help: "Print one JSON array.") var json = false

        func run(_ context: CommandContext) throws {
            try context.print(JournalSessions.listing(context), json: json)
        }
    }
}
