import Foundation
import NudgeCore
import NudgeReports
import NudgeStore

/// `nudge call reminders list`: the one-off call reminders still open, soonest first.
public enum CallRemindersList {
    public static func run(json: Bool, _ context: CommandContext) throws {
        // Soonest first, a moved one at the time it comes again.
        let reminders = try context.openStoreForReading().run { try $0.openCallReminders() }
            .sorted { ($0.movedTo ?? $0.dueAt, $0.id) < ($1.movedTo ?? $1.dueAt, $1.id) }
        try context.print(
            Listing(
                items: reminders,
                row: {
                    Row(
                        id: $0.id, contactID: $0.contactID, contactName: $0.name, dueAt: $0.movedTo ?? $0.dueAt,
                        firstDueAt: $0.movedTo == nil ? nil : $0.dueAt, note: $0.note)
                },
                columns: [
                    .init("ID") { String($0.id) }, .text("CONTACT") { $0.name },
                    // Answered "Remind me tomorrow": when it comes again, not the time gone by.
                    .init("DUE") {
                        LocalFormat.dateTime($0.movedTo ?? $0.dueAt, clock: context.wallClock)
                            + ($0.movedTo == nil ? "" : " (moved)")
                    },
                    .text("NOTE") { $0.note ?? "" },
                ],
                whenEmpty: "No open call reminders. Add one with: nudge call remind NAME --in DAYS"),
            json: json)
    }

    public struct Row: Encodable {
        var id: Int64
        var contactID: Int64
        var contactName: String
        /// When it comes next: after "Remind me tomorrow", the time it was moved to.
        @TimestampText var dueAt: Date?
        /// The time it was first due, when it was moved; null otherwise.
        @TimestampText var firstDueAt: Date?
        @NullWhenAbsent var note: String?
    }
}
