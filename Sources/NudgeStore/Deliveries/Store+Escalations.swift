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
    /// The latest escalation that ended, with how; nil when none did (or its time cannot be read).
    public func latestEscalationEnd() throws(StoreError) -> (endedAt: Date, outcome: String)? {
        try read { db in
            guard
                let row = try Row.fetchOne(
                    db,
                    sql: """
                        SELECT ended_at, outcome FROM reminder_escalations
                        WHERE ended_at IS NOT NULL ORDER BY ended_at DESC LIMIT 1
                        """),
                let ended = row.stored("ended_at", as: String.self).flatMap(Timestamp.parse)
            else { return nil }
            return (ended, row.stored("outcome", as: String.self) ?? "ended, how not recorded")
        }
    }

    /// How the outcome of a command a killed daemon left begins: how the command ended is not
    /// known (another process reaped it), only what the next daemon found and did.
    public static let escalationOutcomeUnknown = "outcome not known"

    public func recordEscalationEnded(key: String, outcome: String, at now: Date) throws(StoreError) {
        try write { db in
            try db.execute(
                sql: "UPDATE reminder_escalations SET ended_at = ?, outcome = ? WHERE reminder_key = ?",
                arguments: [Timestamp.format(now), outcome, key])
        }
    }
}

extension Store {
    /// The process an escalation's command runs as, as /proc named it when it started: a pid
    /// used again later is another process, whose start or boot differs.
    public struct EscalationProcess: Sendable, Equatable {
        public var pid: Int32
        /// `/proc/PID/stat` field 22: clock ticks after boot.
        public var startTicks: Int64
        /// `/proc/sys/kernel/random/boot_id`.
        public var bootID: String

        public init(pid: Int32, startTicks: Int64, bootID: String) {
            (self.pid, self.startTicks, self.bootID) = (pid, startTicks, bootID)
        }
    }

    /// Records which process the escalation's command is, once it started.
    public func recordEscalationProcess(key: String, process: EscalationProcess) throws(StoreError) {
        try write { db in
            try db.execute(
                sql: """
                    UPDATE reminder_escalations SET command_pid = ?, command_start_ticks = ?, command_boot_id = ?
                    WHERE reminder_key = ?
                    """,
                arguments: [process.pid, process.startTicks, process.bootID, key])
        }
    }

    /// The commands recorded as started and never as ended: a daemon died while they ran.
    /// A row whose process another program made unreadable is left out.
    public func unfinishedEscalationProcesses() throws(StoreError) -> [(key: String, process: EscalationProcess)] {
        try read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT reminder_key, command_pid, command_start_ticks, command_boot_id FROM reminder_escalations
                    WHERE ended_at IS NULL AND command_pid IS NOT NULL
                    """
            ).compactMap { row in
                guard let key = row.stored("reminder_key", as: String.self),
                    let pid = row.stored("command_pid", as: Int32.self), pid > 0,
                    let ticks = row.stored("command_start_ticks", as: Int64.self),
                    let boot = row.stored("command_boot_id", as: String.self)
                else { return nil }
                return (key, EscalationProcess(pid: pid, startTicks: ticks, bootID: boot))
            }
        }
    }
}
