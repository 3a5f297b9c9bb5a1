/// Why a notification went from the screen unanswered without the person: what history says
/// of a delivery's `lostAt`, as `reminder_deliveries.lost_reason` keeps it.
public enum LossCause: String, Sendable {
    /// The notification server that showed it went away (a restarted server shows nothing of
    /// the one before). A row older than the column reads as this.
    case server
    /// An older copy of the store was put in place (a restore) that still records it as on
    /// screen, after nudge or the server had closed its notification.
    case olderCopy = "older_copy"
}
