import Foundation
import GRDB
import NudgeCore

/// How an answer ended, whichever way it came (a button, `nudge ack`, `nudge dose take`).
public enum AnswerOutcome<Recorded: Sendable & Equatable>: Sendable, Equatable {
    /// Written, with what was recorded.
    case recorded(Recorded)
    /// Answered before: the first answer stands.
    case duplicate
    /// Answered before with another answer, by the label of its button: the first stands;
    /// with the command that records the second instead, where its rule has one.
    case answeredOtherwise(first: String, instead: String?)
    case refused(InputError)
}

/// What an answer to a shown notification recorded, for the terminal it may have come from.
public struct AnswerReceipt: Sendable, Equatable {
    /// A nudge command (its arguments) to run in a terminal, if its rule asks for one.
    public var openInTerminal: [String]?
    /// What was done in words: its rule's, or the notification's title and the button's label.
    public var confirmation: String?

    public init(openInTerminal: [String]? = nil, confirmation: String? = nil) {
        self.openInTerminal = openInTerminal
        self.confirmation = confirmation
    }
}

/// A rule's decision on one answer, with the delivery it answers (none for a dose answered
/// from the terminal with no notification of it shown) and the answer's key recorded on it.
struct DecidedAnswer<Change: StoredChange> {
    var decision: AnswerDecision<Change>
    var deliveryID: Int64?
    /// The answer's key, named as the delivery's `action` column it is written to.
    var action: String
    var at: Date
}

extension Store {
    public func delivery(id: Int64) throws(StoreError) -> DeliveryRecord? {
        try read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM reminder_deliveries WHERE id = ?", arguments: [id]).flatMap(
                DeliveryRecord.init(row:))
        }
    }

    /// Why there is no delivery `id` to answer: none has that id, or another program wrote its
    /// row in a form nudge cannot read (`history` names those, and lists the rest).
    func noDelivery(_ id: Int64) throws(StoreError) -> InputError {
        let exists = try read { db in
            try Bool.fetchOne(
                db, sql: "SELECT EXISTS (SELECT 1 FROM reminder_deliveries WHERE id = ?)", arguments: [id])
        }
        guard exists == true else {
            return InputError("there is no delivery \(id); 'nudge history' lists them with their ids")
        }
        return InputError(
            "delivery \(id) cannot be read (another program wrote it); nothing was answered; "
                + "'nudge history' names the rows it cannot read")
    }

    /// The one path of every answer. In one write transaction `decide` reads what its rule
    /// decides from and returns the decision (or a refusal before any); a decision to record
    /// is written there, with the delivery's answer, and `recorded` says what was recorded. A
    /// change that no longer applies rolls it all back and refuses with its reason.
    func answer<Change: StoredChange, Recorded>(
        recorded: (AnswerEffects<Change>) -> Recorded,
        _ decide: (Database) throws -> Result<DecidedAnswer<Change>, InputError>
    ) throws(StoreError) -> AnswerOutcome<Recorded> {
        let outcome = try writeUnlessRefused { db -> AnswerOutcome<Recorded> in
            switch try decide(db) {
            case .failure(let refusal): return .refused(refusal)
            case .success(let decided):
                switch decided.decision {
                case .duplicate: return .duplicate
                case .refused(let refusal): return .refused(refusal)
                case .record(let effects):
                    _ = try Self.recordAnswer(
                        db, deliveryID: decided.deliveryID, action: decided.action, at: decided.at, effects: effects,
                        firstOnly: false)
                    return .recorded(recorded(effects))
                }
            }
        }
        switch outcome {
        case .success(let outcome): return outcome
        case .failure(let refusal): return .refused(refusal)
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
    ) throws(StoreError) -> AnswerOutcome<AnswerReceipt> {
        guard let record = try delivery(id: deliveryID) else { return .refused(try noDelivery(deliveryID)) }
        guard let rule = rule(for: record.kind) else {
            return .refused(InputError("delivery \(deliveryID) is of a kind this nudge does not know (\(record.kind))"))
        }
        return try answer(record, by: rule, action: action, reply: reply, at: now, clock: clock, sleep: sleep)
    }

    /// The rule's decision, read and written as its own types: its facts, its change.
    private func answer<Rule: StoredRule>(
        _ found: DeliveryRecord, by rule: Rule, action: String, reply: String?, at now: Date, clock: WallClock,
        sleep: SleepReading?
    ) throws(StoreError) -> AnswerOutcome<AnswerReceipt> {
        var decided: DecidedReply<Rule.Change>?
        let receipt = { (effects: AnswerEffects<Rule.Change>) in
            AnswerReceipt(
                openInTerminal: effects.openInTerminal, confirmation: effects.confirmation ?? decided?.done)
        }
        let outcome = try answer(recorded: receipt) { db -> Result<DecidedAnswer<Rule.Change>, InputError> in
            // Read again in the transaction: the first answer wins.
            let decision = try self.decide(
                db, found.id, by: rule, action: action, reply: reply, at: now, clock: clock, sleep: sleep)
            decided = try? decision.get()
            return decision.map(\.answer)
        }
        if outcome == .duplicate, let otherFirst = decided?.otherFirst {
            let instead = (rule as? any TakenBackRule).flatMap { rule in
                found.action.flatMap {
                    rule.instead(recording: decided?.answer.action ?? action, after: $0, key: found.key)
                }
            }
            return .answeredOtherwise(first: otherFirst, instead: instead)
        }
        return outcome
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
