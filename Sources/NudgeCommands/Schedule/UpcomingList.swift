import Foundation
import NudgeCore
import NudgeReports
import NudgeStore
import NudgeSystem

/// `nudge upcoming`: what the daemon would show next, in order.
public enum UpcomingList {
    public static func run(from: GivenInstant?, limit: Int, verbose: Bool, json: Bool, _ context: CommandContext) throws
    {
        let start =
            try from.map { typed throws(InputError) in
                try InstantInput.anyInstant(
                    typed, option: "--from", now: context.now, clock: context.wallClock, direction: .future)
            } ?? context.now
        let input = try context.openStoreForReading().run {
            try $0.scheduleInput(at: start, clock: context.wallClock, listing: limit)
        }
        let occurrences = Schedule(input: input, clock: context.wallClock).upcoming(from: start, limit: limit)
        // Occurrences already in the store (a queued snooze, a claimed one) have a delivery id.
        let ids = Dictionary(input.deliveries.map { ($0.key, $0.id) }) { first, _ in first }
        try context.print(
            Listing(
                items: occurrences,
                row: {
                    OccurrenceRow(
                        kind: $0.kind.rawValue, reminderKey: $0.key, dueAt: $0.dueAt, title: $0.title,
                        deliveryID: ids[$0.key])
                },
                columns: [
                    .init("DUE") { LocalFormat.dateTime($0.dueAt, clock: context.wallClock) },
                    .init("LEFT") { DurationText.relative($0.dueAt.timeIntervalSince(start)) },
                    .init("KIND") { $0.kind.rawValue },
                    .text("TITLE") { $0.title }, .init("ID") { ids[$0.key].map(String.init) ?? "-" },
                ] + (verbose ? [.init("KEY") { $0.key }] : []),
                whenEmpty: "Nothing is due. Reminders that are off: see 'nudge settings'."),
            json: json)
        // The list is what a daemon would show; without one, nothing is shown at all. Said on
        // stderr, as a note: the list and its JSON stay what a program reads.
        guard !occurrences.isEmpty, DaemonLock.holder(storePath: context.storePath) == nil else { return }
        guard Store.backupTaken(at: context.storePath) == nil else {
            return context.environment.errors(
                "nudge: this store is a backup, which no daemon runs on: these are what its store would show\n")
        }
        context.environment.errors(
            "nudge: no daemon runs on this store, so none of these will be shown until one runs; start one with: systemctl --user start nudge (or nudge daemon)\n"
        )
    }

    public struct OccurrenceRow: Encodable {
        var kind: String
        var reminderKey: String
        @TimestampText var dueAt: Date?
        var title: String
        @NullWhenAbsent var deliveryID: Int64?
    }
}
