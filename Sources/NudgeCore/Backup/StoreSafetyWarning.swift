import Foundation

/// What a person is told when the daemon's daily backup fails or finds the store damaged: once,
/// with the one command that helps. Never the store's contents.
public enum StoreSafetyWarning {
    /// The damage warning's title: the daemon closes that one once the store is sound again.
    public static let damagedTitle = "The store is damaged"

    /// The store is damaged, or emptied or removed beside its backups (the problem says which,
    /// in a person's words, not SQLite's alone); `restoreFrom` is the newest sound backup's local time, if any.
    /// `backupsKnown` false: which backups are the store's cannot be known (the problem says why),
    /// so none is named and none is said to be missing.
    public static func damaged(problem: String, restoreFrom: String?, command: String, backupsKnown: Bool = true)
        -> NotificationContent
    {
        let body =
            if !backupsKnown {
                "nudge cannot use the store: \(problem). Keep a copy of the file before anything else writes to it."
            } else if let restoreFrom {
                "nudge cannot use the store: \(problem). Restore the backup of \(restoreFrom) with: \(command)"
            } else {
                "nudge cannot use the store: \(problem); and there is no sound backup. Keep a copy of the file before anything else writes to it."
            }
        return NotificationContent(
            title: damagedTitle, body: body, actions: [], urgency: .critical, category: "x-nudge.store")
    }

    /// A backup could not be made; the earlier ones (`earlierBackups` of them) are kept, and
    /// when there are none that is said instead: nothing protects the store yet.
    public static func backupFailed(reason: String, earlierBackups: Int) -> NotificationContent {
        let earlier =
            switch earlierBackups {
            case 0: "There is no earlier backup"
            case 1: "The earlier backup is kept"
            default: "The \(earlierBackups) earlier backups are kept"
            }
        return NotificationContent(
            title: "Today's backup failed",
            body:
                "\(reason.prefix(1).uppercased() + reason.dropFirst()). \(earlier); \(SuggestedCommand.doctor) says more.",
            actions: [], category: "x-nudge.store")
    }

    /// The store refused to record a plan (`reason`: a full disk, a lock held past the wait):
    /// nothing that comes due is shown until it takes one, which is tried every `retryAfter`
    /// seconds. Critical: a medication's alarm is among what waits.
    public static func cannotRecord(reason: String, retryAfter: Int) -> NotificationContent {
        NotificationContent(
            title: "Reminders are shown but not recorded",
            body:
                "nudge cannot write to its store: \(reason). Reminders and alarms are shown and rung when due all the same; what is shown and answered meanwhile is recorded once the store takes writes (nudge tries again every \(retryAfter) s). A restart of nudge before then may show them again.",
            actions: [], urgency: .critical, category: "x-nudge.store")
    }

    /// A program that had the store open when its file was copied over still writes into the
    /// write-ahead log set aside then (`logNames`): none of it reaches the store until that
    /// program is started again. Critical: what the person records there is being lost.
    public static func writtenAside(logNames: [String]) -> NotificationContent {
        NotificationContent(
            title: "Writes are not reaching the store",
            body:
                "A program that had the store open when its file was copied over still writes into \(logNames.joined(separator: ", ")), set aside then: none of it is in the store. Close that program and start it again; \(SuggestedCommand.doctor) says more.",
            actions: [], urgency: .critical, category: "x-nudge.store")
    }
}
