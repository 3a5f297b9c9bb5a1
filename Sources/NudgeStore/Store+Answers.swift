import Foundation
import GRDB
import NudgeCore

/// How an answer to a shown notification ended, whichever way it came (a button, `nudge ack`).
public enum AnswerOutcome: Sendable, Equatable {
    case recorded
    /// Answered before: the first answer stands.
    case duplicate
    case refused(InputError)
}

extension Store {
    public func delivery(id: Int64) throws(StoreError) -> DeliveryRecord? {
        try read { db in try Row.fetchOne(db, sql: "SELECT * FROM reminder_deliveries WHERE id = ?", arguments: [id]).flatMap(Self.delivery) }
    }

    /// Records an answer to a shown occurrence exactly as its notification's button would.
    public func answer(_ deliveryID: Int64, action: String, at now: Date, clock: WallClock) throws(StoreError) -> AnswerOutcome {
        guard let record = try delivery(id: deliveryID) else {
            return .refused(InputError("there is no delivery \(deliveryID); 'nudge history' lists them with their ids"))
        }
        guard record.shownAt != nil else {
            let state = record.missedAt != nil ? "was missed (never shown)" : record.cancelledAt != nil ? "was cancelled" : "has not been shown yet"
            return .refused(InputError("delivery \(deliveryID) (\(record.key)) \(state); nothing to answer"))
        }
        guard let kind = ReminderKind(rawValue: record.kind) else {
            return .refused(InputError("delivery \(deliveryID) is of a kind this nudge does not know (\(record.kind))"))
        }
        guard kind.actions.contains(action) else {
            return .refused(InputError("'\(action)' is not an answer to a \(kind.rawValue) reminder; give \(kind.actions.joined(separator: ", "))"))
        }
        let settings = try self.settings()
        switch kind {
        case .symptom:
            guard let effects = SymptomReminder.effects(of: action, key: record.key, answeredAt: now, settings: settings) else {
                return .refused(InputError("\(record.key) is not a symptom reminder nudge can answer"))
            }
            return try recordAnswer(record.id, action: action, at: now, effects: effects) ? .recorded : .duplicate
        case .dose2:
            guard let answer = DoseAnswer(action: action, at: now) else { return .refused(InputError("'\(action)' is not a dose answer")) }
            switch try recordDoseAnswer(answer, deliveryID: record.id, settings: settings) {
            case .recorded: return .recorded
            case .duplicate: return .duplicate
            case .refused(let refusal): return .refused(refusal)
            }
        case .call:
            switch try recordCallAnswer(record.id, action: action, at: now, settings: settings, clock: clock) {
            case .recorded: return .recorded
            case .duplicate: return .duplicate
            case .unknown: return .refused(InputError("\(record.key) no longer has a contact to answer for"))
            }
        }
    }

    /// Deliveries due or shown since an instant, newest first.
    public func history(since start: Date) throws(StoreError) -> [DeliveryRecord] {
        try read { db in
            let stamp = Timestamp.format(start)
            return try Row.fetchAll(
                db, sql: "SELECT * FROM reminder_deliveries WHERE due_at >= ? OR shown_at >= ? ORDER BY coalesce(shown_at, due_at) DESC, id DESC",
                arguments: [stamp, stamp]
            ).compactMap(Self.delivery)
        }
    }
}
