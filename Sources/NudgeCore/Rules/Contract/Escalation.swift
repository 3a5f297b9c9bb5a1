import Foundation

extension SettingKey {
    /// What runs when an alarm escalates (``EscalatingRule``): an argv, no shell; empty for none.
    public static let alarmEscalateCommand = SettingKey("alarm.escalate_command", .command, default: "")
}

/// One alarm that may be sent beyond this computer: what the command is told of it.
public struct Escalation: Sendable, Equatable {
    public var kind: ReminderKind
    /// The alarm's occurrence key: its escalation runs once, recorded under it.
    public var key: String
    /// When the alarm rings (`NUDGE_DUE`): a service that delivers later can ring then.
    public var dueAt: Date
    /// When it escalates if nobody answered it by then.
    public var unansweredAt: Date
    /// The alarm's words (`NUDGE_TITLE`, `NUDGE_BODY`), never private text.
    public var title: String
    public var body: String

    public init(kind: ReminderKind, key: String, dueAt: Date, unansweredAt: Date, title: String, body: String) {
        self.kind = kind
        self.key = key
        self.dueAt = dueAt
        self.unansweredAt = unansweredAt
        self.title = title
        self.body = body
    }

    /// "I'm awake" at `instant` says someone is there, not that the dose is taken: the
    /// escalation waits as long again from it (`dose.escalate_after_minutes`), never less
    /// than it would have.
    public func postponed(byAwakeAt instant: Date) -> Escalation {
        var later = self
        later.unansweredAt = max(unansweredAt, instant.addingTimeInterval(unansweredAt.timeIntervalSince(dueAt)))
        return later
    }

    /// What the command finds in its environment, beside the daemon's own.
    public var environment: [String: String] {
        ["NUDGE_KIND": kind.rawValue, "NUDGE_TITLE": title, "NUDGE_BODY": body, "NUDGE_DUE": Timestamp.format(dueAt)]
    }
}
