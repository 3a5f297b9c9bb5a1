import Foundation
import GRDB
import NudgeCore

extension Store {
    /// Why an alarm was sent beyond this computer.
    public enum EscalationReason: String, Sendable {
        /// Nobody answered it in `dose.escalate_after_minutes`.
        case unanswered
        /// The computer went to sleep while it was pending.
        case sleep
    }

    /// Claims an alarm's escalation before its command starts: true when it is this caller's to
    /// run, false when it was run (or claimed) before, by this daemon or another.
    public func claimEscalation(_ escalation: Escalation, reason: EscalationReason, at now: Date) throws(StoreError)
        -> Bool
    {
        try write { db in
            try db.execute(
                sql: """
                    INSERT INTO reminder_escalations (reminder_key, kind, due_at, reason, started_at)
                    VALUES (?, ?, ?, ?, ?) ON CONFLICT(reminder_key) DO NOTHING
                    """,
                arguments: [
                    escalation.key, escalation.kind.rawValue, Timestamp.format(escalation.dueAt), reason.rawValue,
                    Timestamp.format(now),
                ])
            return db.changesCount == 1
        }
    }

    /// Whether an alarm's escalation was claimed.
    public func isEscalated(key: String) throws(StoreError) -> Bool {
        try read { db in
            try Bool.fetchOne(
                db, sql: "SELECT EXISTS (SELECT 1 FROM reminder_escalations WHERE reminder_key = ?)", arguments: [key])
                ?? false
        }
    }

    /// Records how an escalation's command ended (`exited 0`, `killed at its deadline`).
    public func recordEscalationEnded(key: String, outcome: String, at now: Date) throws(StoreError) {
        try write { db in
            try db.execute(
                sql: "UPDATE reminder_escalations SET ended_at = ?, outcome = ? WHERE reminder_key = ?",
                arguments: [Timestamp.format(now), outcome, key])
        }
    }
}
