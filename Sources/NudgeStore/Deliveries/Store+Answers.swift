import Foundation
import GRDB
import NudgeCore

/// How an answer to a shown notification ended, whichever way it came (a button, `nudge ack`).
public enum AnswerOutcome: Sendable, Equatable {
    /// With the nudge command the answer runs in a terminal, if any, and what was done in
    /// words, if its rule says it.
    case recorded(openInTerminal: [String]? = nil, confirmation: String? = nil)
    /// Answered before: the first answer stands.
    case duplicate
    case refused(InputError)
}

extension Store {
    public func delivery(id: Int64) throws(StoreError) -> DeliveryRecord? {
        try read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM reminder_deliveries WHERE id = ?", arguments: [id]).flatMap(
                DeliveryRecord.init(row:))
        }
    }

    /// Records an answer to a shown occurrence exactly as its notification's button would: its
    /// rule decides from the store as it is in the same transaction, and writes nothing but its
    /// decision.
    /// `sleep` is the machine's sleep clock now, for what an answer starts (a meditation session).
    /// `reply` is text typed into the notification (the action `inline-reply`); it is written
    /// only where its rule puts it, never in the delivery row.
    public func answer(
        _ deliveryID: Int64, action: String, reply: String? = nil, at now: Date, clock: WallClock,
        sleep: SleepReading? = nil
    ) throws(StoreError) -> AnswerOutcome {
        let outcome = try writeUnlessRefused { db -> AnswerOutcome in
            guard
                let record = try Row.fetchOne(
                    db, sql: "SELECT * FROM reminder_deliveries WHERE id = ?", arguments: [deliveryID]
                )
                .flatMap(DeliveryRecord.init(row:))
            else {
                return .refused(
                    InputError("there is no delivery \(deliveryID); 'nudge history' lists them with their ids"))
            }
            guard record.shownAt != nil else {
                let state =
                    record.missedAt != nil
                    ? "was missed (never shown)"
                    : record.cancelledAt != nil ? "was cancelled" : "has not been shown yet"
                return .refused(InputError("delivery \(deliveryID) (\(record.key)) \(state); nothing to answer"))
            }
            guard let rule = StoredRules.rule(for: record.kind) else {
                return .refused(
                    InputError("delivery \(deliveryID) is of a kind this nudge does not know (\(record.kind))"))
            }
            var input = ScheduleInput(
                settings: try Self.settings(db), deliveries: [],
                facts: try Self.facts(db, at: now, clock: clock, of: [rule.kind]))
            input.sleep = sleep
            // The buttons as they read now: a label a person typed from the screen is its answer.
            let shown = Occurrence(kind: record.kind, key: record.key, dueAt: record.dueAt, title: record.title ?? "")
            let offered = OfferedAnswers(
                rule: rule.answers,
                content: rule.presentation(for: shown, now: now, text: .plain, from: input, clock: clock)?.notification)
            let title = TextInput.oneLine(record.title ?? rule.title(ofKey: record.key, from: input, clock: clock))
            let answer: String
            if action == NotificationAction.inlineReplyKey, reply != nil {
                answer = action
            } else if let id = offered.id(named: action) {
                answer = id
            } else {
                return .refused(
                    InputError(
                        "'\(TextInput.oneLine(action))' is not an answer to \(title) (delivery \(deliveryID)); give \(offered.listed)"
                    ))
            }
            return try Self.decideAndRecord(
                by: rule, action: answer, reply: reply, to: record, at: now, from: input, clock: clock, db,
                done: "answered \(title): \(offered.label(of: answer))")
        }
        switch outcome {
        case .success(let outcome): return outcome
        case .failure(let refusal): return .refused(refusal)
        }
    }

    /// The rule's decision, with its changes written as its own type: no cast between a rule
    /// and its store file. `done` says what was done where the rule says nothing itself.
    private static func decideAndRecord<Rule: StoredRule>(
        by rule: Rule, action: String, reply: String?, to record: DeliveryRecord, at now: Date,
        from input: ScheduleInput, clock: WallClock, _ db: Database, done: String
    ) throws -> AnswerOutcome {
        let decision: AnswerDecision<Rule.Change> =
            if let reply, action == NotificationAction.inlineReplyKey {
                (rule as? any RepliableRule<Rule.Change>)?.reply(reply, to: record, at: now, from: input, clock: clock)
                    ?? .refused(InputError("a \(rule.name) reminder takes no typed answer"))
            } else {
                rule.answer(action, to: record, at: now, from: input, clock: clock)
            }
        switch decision {
        case .duplicate: return .duplicate
        case .refused(let refusal): return .refused(refusal)
        case .record(let effects):
            _ = try recordAnswer(db, deliveryID: record.id, action: action, at: now, effects: effects, firstOnly: false)
            return .recorded(openInTerminal: effects.openInTerminal, confirmation: effects.confirmation ?? done)
        }
    }

    /// Deliveries due or shown since an instant, newest first.
    public func history(since start: Date) throws(StoreError) -> [DeliveryRecord] {
        try read { db in
            let stamp = Timestamp.format(start)
            return try Row.fetchAll(
                db,
                sql:
                    "SELECT * FROM reminder_deliveries WHERE due_at >= ? OR shown_at >= ? ORDER BY coalesce(shown_at, due_at) DESC, id DESC",
                arguments: [stamp, stamp]
            ).compactMap(DeliveryRecord.init(row:))
        }
    }
}
