import ArgumentParser
import Foundation
import NudgeCommandLine
import NudgeCommands
import NudgeCore
import NudgeReports

extension Nudge {
    struct History: NudgeCommand {
        static let configuration = CommandConfiguration(
            commandName: "history",
            abstract: "List what was shown and how it was answered, newest first.")
        @OptionGroup var global: GlobalOptions
        @Flag(help: "Print one JSON array.") var json = false
        @Flag(help: "Add each delivery's internal key (the JSON has it always).") var verbose = false
        @Option(
            help:
                "From when: YYYY-MM-DD (local midnight), a local date and time, a time (the latest that has passed), or ISO 8601 with an offset (default: 7 days ago).",
            transform: TypedArguments.instantOrDay)
        var since: GivenInstant?

        func run(_ context: CommandContext) throws {
            try context.print(DeliveryHistory.listing(since: since, verbose: verbose, context), json: json)
        }
    }
}
