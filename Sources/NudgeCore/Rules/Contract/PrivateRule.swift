/// A kind whose notifications say what a person may not want read over their shoulder (a
/// medication, a diary, a therapy journal): while the session is locked and
/// `notify.private_when_locked` is on, the daemon shows them with ``NotificationContent/neutral``
/// text instead, buttons kept, and puts their own text back on unlock. A rule opts in by
/// conforming; it has nothing to implement.
///
/// ```swift
/// extension SymptomReminder: PrivateRule {}
/// ```
public protocol PrivateRule<Facts>: ReminderRule {
    /// The rule's ``ReminderRule/Facts``, named again so that a kind's input can ask for this
    /// capability of the facts it holds (`any PrivateRule<Rule.Facts>`).
    associatedtype Facts
}

extension SettingKey {
    /// Neutral text for a ``PrivateRule``'s notifications on a locked screen.
    public static let notifyPrivateWhenLocked = SettingKey("notify.private_when_locked", .boolean, default: "true")
}

extension NotificationContent {
    /// What a locked screen shows of a private notification.
    public static let neutralTitle = "nudge: a reminder is waiting"

    /// The same notification with nothing of its text: its buttons, urgency and sound stay, so
    /// that the alarm still rings and can be answered from the lock screen where the server
    /// allows.
    public var neutral: NotificationContent {
        var content = self
        content.title = Self.neutralTitle
        content.body = ""
        return content
    }

    /// A neutral notification for a server without buttons: the way to answer from a
    /// terminal, without the answers' words, which name the reminder ("Take dose 2"); still
    /// awaiting an answer (hostile round on issue 41 after B15: with no body at all, the
    /// locked screen gave no way to answer).
    public func answeredFromTerminalWithoutItsAnswers(deliveryID: Int64) -> NotificationContent {
        var content = self
        content.body = "Answer in a terminal: \(SuggestedCommand.ack(deliveryID, "ANSWER"))"
        content.actions = []
        content.answeredInTerminal = true
        return content
    }
}
