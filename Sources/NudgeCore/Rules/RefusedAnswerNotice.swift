/// What the person is told when an answer given on a notification is refused (its medication
/// removed since it was shown, a *Taken* days late): nothing was recorded, why, and the line
/// that records it. A server closes a notification on a click, so the answer vanished, said
/// only in the daemon's log (hostile round 29 of issue 42). A locked screen that hides private
/// text is told only the command that says why.
public enum RefusedAnswerNotice {
    public static let title = "Not recorded"

    public static func content(
        _ refusal: InputError, deliveryID: Int64, answer: String, text: BodyText, hidingPrivate: Bool
    ) -> NotificationContent {
        let body =
            hidingPrivate
            ? "An answer was not recorded; \(SuggestedCommand.ack(deliveryID, answer)) in a terminal says why."
            : text.escape(refusal.description)
        return NotificationContent(title: title, body: body, actions: [], category: "x-nudge.notice")
    }
}
