import ArgumentParser
import Foundation
import NudgeCore

extension Nudge {
    struct History: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List what was due and shown, and how it was answered, newest first.")
        @OptionGroup var global: GlobalOptions
        @Flag(help: "Print one JSON array.") var json = false
        @Option(help: "From when: YYYY-MM-DD (local midnight), a local date and time, a time (the latest that has passed), or ISO 8601 with an offset (default: 7 days ago).")
        var since: String?

        func validate() throws {
            if let since { _ = try start(since, CommandContext(global)) }
        }

        private func start(_ text: String, _ context: CommandContext) throws -> Date {
            if let day = CivilDate(iso: text), let midnight = context.wallClock.instant(on: day, at: LocalTime(hour: 0, minute: 0)!) {
                return midnight
            }
            do { return try InstantInput.anyInstant(text, option: "--since", now: context.now, clock: context.wallClock) } catch {
                throw ValidationError(error.description + ", or YYYY-MM-DD")
            }
        }

        func run() throws {
            let context = CommandContext(global)
            let from = try since.map { try start($0, context) } ?? context.now.addingTimeInterval(-7 * 86400)
            let records = try context.openStore().run { try $0.history(since: from) }
            let clock = context.wallClock
            if json {
                let stamp: (Date?) -> Any = { $0.map(Timestamp.format) ?? NSNull() }
                let items: [[String: Any]] = records.map {
                    [
                        "id": $0.id, "reminder_key": $0.key, "kind": $0.kind.rawValue, "due_at": Timestamp.format($0.dueAt), "shown_at": stamp($0.shownAt),
                        "notification_id": $0.notificationID.map { Int($0) } ?? NSNull(), "action": $0.action ?? NSNull(),
                        "acknowledged_at": stamp($0.acknowledgedAt), "closed_at": stamp($0.closedAt), "closed_reason": $0.closedReason?.rawValue ?? NSNull(),
                        "missed_at": stamp($0.missedAt), "cancelled_at": stamp($0.cancelledAt), "title": $0.title ?? NSNull(),
                        "body": $0.body ?? NSNull(),
                    ]
                }
                print(try JSONText.render(items))
                return
            }
            guard !records.isEmpty else {
                print("Nothing was due or shown since \(LocalFormat.dateTime(from, clock: clock)).")
                return
            }
            let rows = records.map { record in
                [
                    String(record.id), record.kind.rawValue, LocalFormat.dateTime(record.dueAt, clock: clock),
                    record.shownAt.map { LocalFormat.time($0, clock: clock) } ?? "-", Self.outcome(record, clock: clock),
                    record.title ?? record.key,
                ]
            }
            print(TextTable.render(header: ["ID", "KIND", "DUE", "SHOWN", "OUTCOME", "TITLE"], rows: rows), terminator: "")
        }

        static func outcome(_ record: DeliveryRecord, clock: WallClock) -> String {
            if let action = record.action { return "\(action) at \(record.acknowledgedAt.map { LocalFormat.time($0, clock: clock) } ?? "?")" }
            if record.missedAt != nil { return "missed" }
            if record.cancelledAt != nil { return "cancelled" }
            if let reason = record.closedReason { return "closed (\(reason))" }
            return record.shownAt == nil ? "pending" : "shown, no answer"
        }
    }
}
