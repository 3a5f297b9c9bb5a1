import Foundation
import GRDB
import NudgeCore

/// The notification server the daemon last saw, in `store_metadata` (nudge's bookkeeping, not
/// a record): a daemon that starts under another one knows the server that showed the store's
/// open notifications is gone, and their ids with it, though it never saw it go.
extension Store {
    /// Records `owner` as the server now on the bus; returns the one recorded before it, nil when
    /// none was (a first run, a store from before nudge kept it) or not in nudge's form.
    public func recordNotificationServer(_ owner: String) throws(StoreError) -> String? {
        let before = try metadataValue(NotificationServerOwner.self)
        if let now = NotificationServerOwner(metadataText: owner) {
            try recordMetadataValue(now, as: NotificationServerOwner.self)
        }
        return before?.owner
    }

    /// The server recorded last, by this daemon or the one before it; nil as above.
    public func notificationServer() throws(StoreError) -> String? {
        try metadataValue(NotificationServerOwner.self)?.owner
    }
}

/// The bus's GUID and the server's unique name, as the notifier said them, on one line.
private struct NotificationServerOwner: StoreMetadataValue {
    static let metadataKey = "notification_server"

    var owner: String

    init?(metadataText: String) {
        guard !metadataText.isEmpty, !metadataText.contains(where: \.isNewline) else { return nil }
        owner = metadataText
    }

    var metadataText: String { owner }
}
