import Foundation
import GRDB

/// The reminders a restore rolls back: answered since the backup, or shown since and not
/// answered. Restored, they are unanswered or unshown, and the daemon shows those still due
/// in the backup again.
extension RestoreAccount {
    /// `; 1 reminder answered since then is unanswered in it and 2 shown since then are not
    /// shown in it: shown again if still due in it`; empty for none.
    var rolledBackReminders: String {
        let reminders = { (count: Int) in count == 1 ? "1 reminder" : "\(count) reminders" }
        let verb = { (count: Int) in count == 1 ? "is" : "are" }
        var phrases: [String] = []
        if answersRolledBack > 0 {
            phrases.append(
                "\(reminders(answersRolledBack)) answered since then \(verb(answersRolledBack)) unanswered in it")
        }
        if showingsRolledBack > 0 {
            let count = phrases.isEmpty ? reminders(showingsRolledBack) : String(showingsRolledBack)
            phrases.append("\(count) shown since then \(verb(showingsRolledBack)) not shown in it")
        }
        // A reminder the backup does not have at all (added since) is not shown again: said as
        // a condition, not a promise (hostile round 20 on issue 39).
        return phrases.isEmpty ? "" : "; " + phrases.joined(separator: " and ") + ": shown again if still due in it"
    }

    /// The store's answered deliveries whose occurrence the backup has unanswered or not at all;
    /// 0 where either has no such table (another program's store).
    static func answeredSince(_ db: Database) -> Int {
        let sql = """
            SELECT count(*) FROM main.reminder_deliveries AS answered
            WHERE answered.acknowledged_at IS NOT NULL AND NOT EXISTS (
                SELECT 1 FROM backup.reminder_deliveries AS kept
                WHERE kept.reminder_key = answered.reminder_key AND kept.acknowledged_at IS NOT NULL)
            """
        return ((try? Int.fetchOne(db, sql: sql)) ?? nil) ?? 0
    }

    /// The store's shown and unanswered deliveries whose occurrence the backup has not shown;
    /// 0 where either has no such table.
    static func shownSince(_ db: Database) -> Int {
        let sql = """
            SELECT count(*) FROM main.reminder_deliveries AS shown
            WHERE shown.shown_at IS NOT NULL AND shown.acknowledged_at IS NULL AND NOT EXISTS (
                SELECT 1 FROM backup.reminder_deliveries AS kept
                WHERE kept.reminder_key = shown.reminder_key AND kept.shown_at IS NOT NULL)
            """
        return ((try? Int.fetchOne(db, sql: sql)) ?? nil) ?? 0
    }
}
