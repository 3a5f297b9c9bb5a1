import ArgumentParser
import Foundation
import NudgeCommandLine
import NudgeCommands
import NudgeCore
import NudgeReports
import NudgeSystem

extension Nudge {
    struct Upcoming: NudgeCommand {
        static let configuration = CommandConfiguration(
            commandName: "upcoming",
            abstract: "List what is due next, soonest first (the daemon decides with the same code).",
            discussion: """
                With --format ics, the next --days days (30 unless given; --limit is for the listing, and refused) as an iCalendar feed (RFC 5545) for a calendar program: a VEVENT with an alarm per reminder due, each of your own repeating reminders as one event with its RRULE, times in your zone with its VTIMEZONE. Its UIDs stay the same from one export to the next, so a calendar importing it again updates its events. The diary, the journal, the medications and the dose window (the private kinds) are titled only "\(NotificationContent.neutralTitle)". --output writes a file only you can read (mode 0600), replacing a regular file whole; its name ends in .ics (another extension, .html or .txt, or none is refused).
                """)
        @OptionGroup var global: GlobalOptions
        @Flag(help: "Print one JSON array.") var json = false
        @Flag(help: "Add each occurrence's internal key (the JSON has it always).") var verbose = false
        @Option(
            parsing: .unconditional, help: "How many to list (1-10000, default 10).",
            transform: WholeNumber.parser(1...10_000))
        var limit: Int?
        @Option(
            help: "List as of another instant: a local date and time (2026-11-21T19:05), or ISO 8601 with an offset.",
            transform: TypedArguments.instant)
        var from: GivenInstant?
        @Option(help: "ics: the next days as an iCalendar feed.") var format: UpcomingFormat?
        @Option(
            help: "With --format ics: how many days (1-366, default 30).",
            transform: WholeNumber.days(UpcomingFeed.days))
        var days: Int?
        @Option(help: "With --format ics: the file to write (mode 0600), else standard output.") var output: String?

        func validate() throws {
            if let limit, !(1...10_000).contains(limit) {
                throw ValidationError("--limit \(limit) is out of range; give a number from 1 to 10000")
            }
            guard format == .ics else {
                if days != nil || output != nil {
                    throw ValidationError("--\(days != nil ? "days" : "output") is for a feed; add --format ics")
                }
                return
            }
            // A feed is a span of days, and a repeating reminder one event with its RRULE: a count
            // would cut it at no day a calendar can show, so the pair is refused, never ignored.
            if limit != nil {
                throw ValidationError(
                    "--limit counts the listing's lines; a feed spans days: give --days N with --format ics")
            }
            if json || verbose {
                throw ValidationError("--\(json ? "json" : "verbose") lists; leave it out with --format ics")
            }
            if let days, !UpcomingFeed.days.contains(days) {
                throw ValidationError("--days \(days) is out of range; give a number from 1 to 366")
            }
        }

        func run(_ context: CommandContext) throws {
            if format == .ics {
                return try UpcomingFeed(from: from, days: days ?? 30, output: output).run(context)
            }
            try UpcomingList.run(from: from, limit: limit ?? 10, verbose: verbose, json: json, context)
        }
    }
}

/// What `upcoming --format` writes: the listing is the default, without the option.
enum UpcomingFormat: String, CaseIterable, ExpressibleByArgument {
    case ics

    init?(argument: String) { self.init(rawValue: argument.lowercased()) }
    static var allValueDescriptions: [String: String] { ["ics": "iCalendar (RFC 5545), for a calendar program"] }
}
