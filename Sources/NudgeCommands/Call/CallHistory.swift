import Foundation
import NudgeCore
import NudgeReports
import NudgeStore

/// `nudge call history`: the calls, newest first, with duration, mood, notes and each call's id.
public enum CallHistory {
    public struct Row: Encodable {
        var id: String
        var contactID: Int64
        var contactName: String
        @TimestampText var calledAt: Date?
        /// Null where none was given: the store's 0 is the Monica client's "not recorded".
        @NullWhenAbsent var durationMinutes: Int?
        @NullWhenAbsent var mood: String?
        @NullWhenAbsent var notes: String?
    }

    /// The calls, newest first, or only `contact`'s.
    public static func listing(contact: String?, _ context: CommandContext) throws -> Listing<Store.CallLogRow, Row> {
        let store = try context.openStoreForReading()
        let only = try contact.map { try ContactNames.resolve($0, in: store) }
        let calls = try store.run { try $0.callHistory(contactID: only?.id) }
        let clock = context.wallClock
        return
            Listing(
                items: calls,
                row: {
                    Row(
                        id: $0.id, contactID: $0.contactID, contactName: $0.contactName, calledAt: $0.calledAt,
                        durationMinutes: $0.durationMinutes == 0 ? nil : $0.durationMinutes,
                        mood: $0.mood, notes: $0.notes)
                },
                columns: [
                    .init("ID") { String($0.id.prefix(8)).lowercased() },
                    .text("CONTACT") { $0.contactName },
                    .init("CALLED") { LocalFormat.dateTime($0.calledAt, clock: clock) },
                    // Monica's 0 is "none given", not a call of no minutes.
                    .init("MINUTES") { $0.durationMinutes == 0 ? "" : String($0.durationMinutes) },
                    .init("MOOD") { $0.mood ?? "" }, .text("NOTES") { $0.notes ?? "" },
                ],
                whenEmpty: only.map { "No calls with \($0.name) yet. Log one with: nudge call log \($0.name)" }
                    ?? "No calls yet. Log one with: nudge call log NAME")
    }
}
