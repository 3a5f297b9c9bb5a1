import ArgumentParser
import Foundation
import NudgeCommands
import NudgeCore
import NudgeReports
import NudgeSystem

extension Nudge {
    struct Upcoming: NudgeCommand {
        static let configuration = CommandConfiguration(
            abstract: "List what is due next, soonest first (the daemon decides with the same code).")
        @OptionGroup var global: GlobalOptions
        @Flag(help: "Print one JSON array.") var json = false
        @Flag(help: "Add each occurrence's internal key (the JSON has it always).") var verbose = false
        @Option(parsing: .unconditional, help: "How many to list (1-10000).", transform: WholeNumber.parser(1...10_000))
        var limit = 10
        @Option(
            help: "List as of another instant: a local date and time (2026-11-21T19:05), or ISO 8601 with an offset.",
            transform: TypedArguments.instant)
        var from: GivenInstant?

        func validate() throws {
            guard (1...10_000).contains(limit) else {
                throw ValidationError("--limit \(limit) is out of range; give a number from 1 to 10000")
            }
        }

        func run(_ context: CommandContext) throws {
            try UpcomingList.run(from: from, limit: limit, verbose: verbose, json: json, context)
        }
    }
}
