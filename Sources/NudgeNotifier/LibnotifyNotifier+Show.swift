import CLibnotify
import NudgeCore
import Synchronization

/// The show path, on the GLib thread: a notification's content as libnotify's object and its
/// hints, sent to the server; the id it returns.
extension LibnotifyNotifier {
    func showOnGLib(_ content: NotificationContent, replacing: UInt32?) -> Result<UInt32, NotifierError> {
        guard connection != nil else {
            return .failure(NotifierError("no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS is unset or unreachable)"))
        }
        guard let notification = notify_notification_new(content.title, content.body, nil) else {
            return .failure(NotifierError("libnotify could not create a notification"))
        }
        addActions(of: content, to: notification)
        setHints(of: content, on: notification)
        if let replacing { nudge_notification_set_id(notification, replacing) }
        var error: UnsafeMutablePointer<GError>?
        guard notify_notification_show(notification, &error) != 0 else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            g_error_free(error)
            g_object_unref(notification)
            return .failure(NotifierError(message))
        }
        // Nothing needs the object once shown: answers come from the bus subscription, closing
        // is a direct call, replacing uses a new object with the id set. Keeping it until the
        // server reports it closed would grow without end on servers that never do.
        let id = nudge_notification_get_id(notification)
        g_object_unref(notification)
        return .success(id)
    }

    /// Its buttons, and the text field where the server offers one.
    private func addActions(of content: NotificationContent, to notification: UnsafeMutablePointer<NotifyNotification>)
    {
        for action in content.actions {
            // The bus subscription records the answer; libnotify only needs a callback to send the action.
            notify_notification_add_action(notification, action.key, action.label, { _, _, _ in }, nil, nil)
        }
        // Only to a server that offers a text field: elsewhere it would be a button that answers
        // nothing.
        if let placeholder = content.inlineReply, capabilities.withLock({ $0.inlineReply }) {
            notify_notification_add_action(
                notification, NotificationAction.inlineReplyKey, "Reply", { _, _, _ in }, nil, nil)
            notify_notification_set_hint(
                notification, "x-kde-reply-placeholder-text", g_variant_new_string(placeholder))
        }
    }

    /// How the server shows it: its urgency and category, whether it stays, and its sound.
    private func setHints(of content: NotificationContent, on notification: UnsafeMutablePointer<NotifyNotification>) {
        notify_notification_set_urgency(notification, NotifyUrgency(rawValue: UInt32(content.urgency.rawValue)))
        notify_notification_set_category(notification, content.category)
        notify_notification_set_hint(notification, "desktop-entry", g_variant_new_string("nudge"))
        // A server that keeps notifications keeps one that waits for an answer after a click
        // too, until the daemon closes it once the answer is recorded.
        if content.resident || (content.awaitsAnswer && capabilities.withLock({ $0.persistence })) {
            notify_notification_set_hint(notification, "resident", g_variant_new_boolean(1))
        }
        // What waits for an answer must not vanish unseen (dunst, mako and xfce4-notifyd drop
        // the default after 10 s).
        if content.resident || content.urgency == .critical || content.awaitsAnswer {
            notify_notification_set_timeout(notification, 0)  // NOTIFY_EXPIRES_NEVER
        }
        switch content.soundHint {
        case .name(let name): notify_notification_set_hint(notification, "sound-name", g_variant_new_string(name))
        case .file(let path): notify_notification_set_hint(notification, "sound-file", g_variant_new_string(path))
        case .suppress: notify_notification_set_hint(notification, "suppress-sound", g_variant_new_boolean(1))
        case nil: break
        }
    }
}
