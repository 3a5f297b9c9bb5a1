import Foundation
import GRDB
import NudgeCore

/// A rule's decision on one answer to a shown delivery, with what a confirmation says of it.
struct DecidedReply<Change: StoredChange> {
    var answer: DecidedAnswer<Change>
    /// `answered Daily symptom check: Nothing else today`.
    var done: String
    /// The first answer's label, where the delivery was answered before with another one.
    var otherFirst: String?
}

extension Store {
    /// Why `nudge ack deliveryID action` would be refused now, or nil when it would be recorded:
    /// decided as the answer itself decides, in a read transaction that writes nothing, so that
    /// a suggested line is one the answer takes.
    public func answerRefusal(_ deliveryID: Int64, action: String, at now: Date, clock: WallClock)
        throws(StoreError) -> InputError?
    {
        guard let record = try delivery(id: deliveryID) else { return try noDelivery(deliveryID) }
        guard let rule = rule(for: record.kind) else {
            return InputError("delivery \(deliveryID) is of a kind this nudge does not know (\(record.kind))")
        }
        return try answerRefusal(record, by: rule, action: action, at: now, clock: clock)
    }

    private func answerRefusal<Rule: StoredRule>(
        _ record: DeliveryRecord, by rule: Rule, action: String, at now: Date, clock: WallClock
    ) throws(StoreError) -> InputError? {
        try read { db -> InputError? in
            switch try decide(db, record.id, by: rule, action: action, reply: nil, at: now, clock: clock, sleep: nil) {
            case .failure(let refusal): return refusal
            case .success(let decided):
                switch decided.answer.decision {
                case .record: return nil
                case .refused(let refusal): return refusal
                case .duplicate: return InputError("delivery \(record.id) was already answered")
                }
            }
        }
    }

    /// What answering delivery `id` with `action` decides, read in `db`'s transaction (a write
    /// one for the answer itself): the rule decides from the store as it is there.
    func decide<Rule: StoredRule>(
        _ db: Database, _ id: Int64, by rule: Rule, action: String, reply: String?, at now: Date, clock: WallClock,
        sleep: SleepReading?
    ) throws -> Result<DecidedReply<Rule.Change>, InputError> {
        let row = try Row.fetchOne(db, sql: "SELECT * FROM reminder_deliveries WHERE id = ?", arguments: [id])
        guard let row, let record = DeliveryRecord(row: row) else {
            return .failure(InputError("there is no delivery \(id); 'nudge history' lists them with their ids"))
        }
        // An answer another program wrote in a form nudge cannot read (a blob) is still an
        // answer: answering over it would lose it.
        if record.action == nil, row.stored("action", as: DatabaseValue.self)?.isNull == false {
            return .failure(
                InputError(
                    "delivery \(id) cannot be read: another program wrote its answer in a form nudge cannot read; "
                        + "nothing was answered"))
        }
        let input = RuleInput(
            facts: try rule.facts(db, at: now, clock: clock, listing: 0), settings: try Self.settings(db),
            clock: clock, sleep: sleep)
        let title = TextInput.oneLine(record.title ?? rule.title(ofKey: record.key, in: input))
        guard record.shownAt != nil else {
            let state =
                record.missedAt != nil
                ? "was missed (never shown)"
                : record.cancelledAt != nil ? "was cancelled" : "has not been shown yet"
            return .failure(InputError("delivery \(record.id) (\(title)) \(state); nothing to answer"))
        }
        // The buttons as they read now: a label a person typed from the screen is its answer.
        let shown = Occurrence(kind: record.kind, key: record.key, dueAt: record.dueAt, title: record.title ?? "")
        let content = rule.presentation(for: shown, now: now, text: .plain, in: input)?.notification
        let offered = OfferedAnswers(rule: rule.answers, content: content)
        if action == NotificationAction.inlineReplyKey, let reply {
            let decision =
                (rule as? any RepliableRule<Rule.Facts, Rule.Change>)?.reply(reply, to: record, at: now, in: input)
                ?? .refused(InputError("a \(rule.name) reminder takes no typed answer"))
            return .success(
                DecidedReply(
                    answer: DecidedAnswer(decision: decision, deliveryID: record.id, action: action, at: now),
                    done: "answered \(title): \(offered.label(of: action))"))
        }
        guard let answer = offered.id(named: action) else {
            let applying = offered.answers.filter { offered in
                if case .record = rule.answer(offered.key, to: record, at: now, in: input) { return true }
                return false
            }
            let notAnswer = "'\(TextInput.oneLine(action))' is not an answer to \(title) (delivery \(record.id))"
            return .failure(
                InputError(
                    Self.unknownAnswer(
                        notAnswer, record: record, offered: offered, applying: applying,
                        buttons: content?.actions.isEmpty == false, at: now, clock: clock,
                        refusal: { rule.answer($0, to: record, at: now, in: input) })))
        }
        let otherFirst = record.action.flatMap { $0 == answer ? nil : offered.label(of: $0) }
        return .success(
            DecidedReply(
                answer: DecidedAnswer(
                    decision: rule.answer(answer, to: record, at: now, in: input), deliveryID: record.id,
                    action: answer, at: now),
                done: "answered \(title): \(offered.label(of: answer))", otherFirst: otherFirst))
    }

    /// The refusal of an answer the delivery does not offer: the answers that would be recorded
    /// now, and only those (a list of answers each refused in turn sends a person round in
    /// circles at night); with none, why: the first answer that stands, or the rule's reason
    /// (for a notification without buttons, how it is answered instead).
    private static func unknownAnswer<Change: AppChange>(
        _ notAnswer: String, record: DeliveryRecord, offered: OfferedAnswers, applying: [NotificationAction],
        buttons: Bool, at now: Date, clock: WallClock, refusal: (String) -> AnswerDecision<Change>
    ) -> String {
        if !applying.isEmpty { return "\(notAnswer); give \(offered.keeping(applying.map(\.key)).listed)" }
        if let first = record.action {
            let when = record.acknowledgedAt.map { " at \(InstantInput.describe($0, now: now, clock: clock))" } ?? ""
            return "\(notAnswer), which was already answered \(offered.label(of: first))\(when); nothing changed"
        }
        var reason = ""
        for answer in offered.answers {
            guard case .refused(let refused) = refusal(answer.key) else { continue }
            reason = ": \(refused.description)"
            break
        }
        // A rule's reason may say it already: said once.
        let unchanged = reason.hasSuffix("nothing changed") ? "" : "; nothing changed"
        if !buttons, !reason.isEmpty { return "\(notAnswer)\(reason)\(unchanged)" }
        return "\(notAnswer), and none of its answers applies now\(reason)\(unchanged)"
    }
}
