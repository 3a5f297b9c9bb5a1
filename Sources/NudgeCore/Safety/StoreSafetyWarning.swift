import Foundation

/// What a person is told when the daemon's daily backup fails or finds the store damaged: once,
/// with the one command that helps. Never the store's contents.
public enum StoreSafetyWarning {
    /// The store is damaged; `restoreFrom` is the newest sound backup's local time, if any.
    public static func damaged(problem: String, restoreFrom: String?, command: String) -> NotificationContent {
        let body =
            if let restoreFrom {
                "SQLite found damage in the store (\(problem)). Restore the backup of \(restoreFrom) with: \(command)"
            } else {
                "SQLite found damage in the store (\(problem)), and there is no sound backup. Keep a copy of the file before anything else writes to it."
            }
        return NotificationContent(
            title: "The store is damaged", body: body, actions: [], urgency: .critical, category: "x-nudge.store")
    }

    /// A backup could not be made; the earlier ones are kept.
    public static func backupFailed(reason: String) -> NotificationContent {
        NotificationContent(
            title: "Today's backup failed",
            body:
                "\(reason.prefix(1).uppercased() + reason.dropFirst()). The earlier backups are kept; \(SuggestedCommand.doctor) says more.",
            actions: [], category: "x-nudge.store")
    }
}
