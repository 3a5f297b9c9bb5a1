import Foundation
import NudgeCore
import NudgeReports
import NudgeStore

/// `nudge upcoming --format ics`: the next days as an iCalendar feed, to standard output or a
/// private file.
public struct UpcomingFeed {
    public static let days = 1...366
    public var from: GivenInstant?
    public var days: Int
    public var output: String?

    public init(from: GivenInstant?, days: Int, output: String?) {
        (self.from, self.days, self.output) = (from, days, output)
    }

    public func run(_ context: CommandContext) throws {
        let clock = context.wallClock
        let start =
            try from.map { typed throws(InputError) in
                try InstantInput.anyInstant(
                    typed, option: "--from", now: context.now, clock: clock, direction: .future)
            } ?? context.now
        var existing: FeedOutputFile?
        if let output {
            try PrivateFile.validateOutput(output, store: context.storePath, backupDirectory: context.backupDirectory)
            try OutputExtension.validateFeed(output)
            existing = try FeedOutputFile(checking: output, clock: clock)
        }
        // iCalendar's years have four digits (hostile round of issue 42: 100000312T020000).
        guard clock.date(of: start).adding(days: days).year <= 9999 else {
            throw InputError(
                "--days \(days) from \(clock.date(of: start)) goes past the year 9999; give a span that ends by 9999-12-30"
            )
        }
        let end = clock.startOfDay(clock.date(of: start).adding(days: days))
        let store = try context.openStoreForReading()
        let (input, identity) = try store.run {
            (try $0.scheduleInput(at: start, clock: clock, listing: 10_000), try $0.identity())
        }
        let occurrences = Schedule(input: input, clock: clock).occurrences(after: start, before: end)
        let feed = CalendarFeed(
            occurrences: occurrences, privateKinds: Set(input.kinds.filter(\.isPrivate).map(\.kind)),
            ownReminders: (input.kind(.ownReminder) as? KindInput<OwnReminder>)?.facts.reminders ?? [],
            storeIdentity: identity ?? context.storePath, version: NudgeVersion.number)
        let text = feed.text(now: start, end: end, clock: clock)
        guard let output else { return context.environment.output(text) }
        try PrivateFile.write(text, to: output)
        context.print("exported the next \(days) days to \(output) (iCalendar, mode 0600)")
        if let replaced = existing?.replaced {
            context.print("replaced nudge's earlier feed at \(output) (\(replaced))")
        }
    }
}
