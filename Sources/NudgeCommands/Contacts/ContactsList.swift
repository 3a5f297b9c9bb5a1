import Foundation
import NudgeCore
import NudgeReports
import NudgeStore

/// `nudge contacts list`: each contact with its last call, calls lately, cadence, next reminder
/// and whether it is overdue.
public enum ContactsList {
    public static func run(json: Bool, _ context: CommandContext) throws {
        let store = try context.openStoreForReading()
        let (contacts, settings, counts) = try store.run {
            (try $0.contacts(), try $0.settings(), try $0.recentCallCounts(now: context.now))
        }
        try context.print(listing(contacts, settings: settings, counts: counts, context), json: json)
        if let note = Self.unreadableCadenceNote(contacts) { context.environment.errors(note + "\n") }
    }

    private static func listing(
        _ contacts: [ContactRow], settings: Settings, counts: [Int64: (last30Days: Int, last365Days: Int)],
        _ context: CommandContext
    ) -> Listing<ContactRow, ContactRowJSON> {
        let clock = context.wallClock
        let today = clock.date(of: context.now)
        func nextDue(_ contact: ContactRow) -> Date? {
            contact.cadence.flatMap {
                CallReminder.occurrences(contacts: [$0], reminders: [], settings: settings, clock: clock).dueAt
                    .first
            }
        }
        /// Days past the due date the call rule gives (the one NEXT DUE shows, counted from a
        /// reminder shown or skipped too); nil when not overdue or without a cadence.
        func overdueDays(_ contact: ContactRow) -> Int? {
            guard let days = contact.cadence.map({ today.daysSinceEpoch - $0.dueDate(clock: clock).daysSinceEpoch })
            else { return nil }
            return days > 0 ? days : nil
        }
        return Listing(
            items: contacts,
            row: {
                ContactRowJSON(
                    id: $0.id, name: $0.name, stayInTouchDays: $0.everyDays, lastCallAt: $0.lastCall,
                    callsLast30Days: counts[$0.id]?.last30Days ?? 0,
                    callsLast365Days: counts[$0.id]?.last365Days ?? 0, nextDueAt: nextDue($0),
                    overdue: overdueDays($0) != nil, overdueDays: overdueDays($0))
            },
            columns: [
                .init("ID") { String($0.id) }, .name("NAME") { $0.name },
                .init("EVERY") {
                    $0.hasUnreadableCadence
                        ? "unreadable" : $0.everyDays.map { "\($0) day\($0 == 1 ? "" : "s")" } ?? "-"
                },
                .init("LAST CALL") { $0.lastCall.map { LocalFormat.dayAndTime($0, clock: clock) } ?? "never" },
                .init("30D") { String(counts[$0.id]?.last30Days ?? 0) },
                .init("365D") { String(counts[$0.id]?.last365Days ?? 0) },
                .init("NEXT DUE") { nextDue($0).map { LocalFormat.dayAndTime($0, clock: clock) } ?? "-" },
                .init("OVERDUE") { overdueDays($0).map { "\($0) day\($0 == 1 ? "" : "s")" } ?? "-" },
            ],
            whenEmpty: "No contacts yet. Add one with: nudge contacts add NAME --every DAYS")
    }

    /// One line naming the contacts whose cadence another program wrote unreadably, and the
    /// fix, never the value: they get no reminders until then.
    static func unreadableCadenceNote(_ contacts: [ContactRow]) -> String? {
        let ids = contacts.filter(\.hasUnreadableCadence).map(\.id)
        guard let first = ids.first else { return nil }
        let named =
            ids.count == 1
            ? "contact \(first)" : "contacts " + ids.prefix(5).map(String.init).joined(separator: ", ")
        return
            "nudge: the cadence another program wrote for \(named)\(ids.count > 5 ? " and \(ids.count - 5) more" : "") cannot be read, so \(ids.count == 1 ? "it gets" : "they get") no call reminders; set \(ids.count == 1 ? "it" : "each") with: nudge contacts edit id:\(ids.count == 1 ? String(first) : "ID") --every DAYS (or --no-cadence)"
    }

    public struct ContactRowJSON: Encodable {
        var id: Int64
        var name: String
        @NullWhenAbsent var stayInTouchDays: Int?
        @TimestampText var lastCallAt: Date?
        var callsLast30Days: Int
        var callsLast365Days: Int
        @TimestampText var nextDueAt: Date?
        var overdue: Bool
        @NullWhenAbsent var overdueDays: Int?

        /// Spelled out: the snake-case encoder would write `calls_last30_days`.
        enum CodingKeys: String, CodingKey {
            case id, name, stayInTouchDays, lastCallAt, nextDueAt, overdue, overdueDays
            case callsLast30Days = "calls_last_30_days"
            case callsLast365Days = "calls_last_365_days"
        }
    }
}
