import CLibnotify
import NudgeCore
import NudgeGLib
import Synchronization

/// Notifications through libnotify on the session bus.
///
/// Answers are taken from the bus itself (a subscription to ActionInvoked and NotificationClosed
/// from the server), not from libnotify's per-object callbacks: those only reach the process that
/// showed the notification, and a daemon restarted while a notification is on screen must still
/// record the click.
///
/// libnotify keeps per-process state (its init flag, and a D-Bus proxy tied to the main context
/// of the thread that first used it), so a process makes one of these and keeps it.
public final class LibnotifyNotifier: Notifier, @unchecked Sendable {
    private static let serverName = "org.freedesktop.Notifications"
    private static let serverPath = "/org/freedesktop/Notifications"

    private let glib: GLibThread
    private let onEvent: @Sendable (NotifierEvent) -> Void
    /// The server's capabilities, read before the first show and again when a server appears.
    private let capabilities = Mutex<
        (known: Bool, markup: Bool, actions: Bool, sound: Bool, inlineReply: Bool, persistence: Bool)
    >((false, false, true, false, false, false))
    /// A `learnServer` question is on its way: one at a time.
    private let learning = Mutex(false)
    // Touched only on the GLib thread.
    private var connection: OpaquePointer?
    private var subscription: guint = 0
    private var nameWatch: guint = 0
    private var closedHandler: gulong = 0

    /// - Parameter onEvent: called on the GLib thread; hand the event on, do not block.
    public init(appName: String = "nudge", onEvent: @escaping @Sendable (NotifierEvent) -> Void) {
        self.onEvent = onEvent
        glib = GLibThread(name: "nudge-glib")
        glib.perform { [self] in
            if notify_is_initted() == 0 { _ = notify_init(appName) }
            connect()
        }
    }

    // Never asks the server: the loop reading these must not wait on it. Until the server's
    // capabilities are known (`knowsServer`), they are the specification's baseline.
    public var bodyText: BodyText { capabilities.withLock { $0.markup } ? .markup : .plain }

    public var showsActions: Bool { capabilities.withLock { $0.actions } }

    public var playsSounds: Bool { capabilities.withLock { $0.sound } }

    public var knowsServer: Bool { capabilities.withLock { $0.known } }

    public func learnServer() {
        let asking = learning.withLock { learning in
            defer { learning = true }
            return !learning
        }
        guard asking else { return }
        glib.post { [self] in
            defer { learning.withLock { $0 = false } }
            switch refreshCapabilities() {
            case .success: onEvent(.serverReachable)
            case .failure(let error): onEvent(.serverUnreachable(error.description))
            }
        }
    }

    public func show(_ content: NotificationContent, replacing: UInt32?) throws(NotifierError) -> UInt32 {
        let result: Result<UInt32, NotifierError> = glib.perform { [self] in showOnGLib(content, replacing: replacing) }
        return try result.get()
    }

    /// The GLib thread waits for the server (at most D-Bus's 25 s); the caller does not.
    public func show(
        _ content: NotificationContent, replacing: UInt32?,
        done: @escaping @Sendable (Result<UInt32, NotifierError>) -> Void
    ) {
        glib.post { [self] in done(showOnGLib(content, replacing: replacing)) }
    }

    /// The session bus and the notification server on it, for `nudge doctor`.
    public func describeServer() -> ServerDescription {
        glib.perform { [self] in
            guard connection != nil else { return ServerDescription(busConnected: false) }
            var name: UnsafeMutablePointer<CChar>?
            var vendor: UnsafeMutablePointer<CChar>?
            var version: UnsafeMutablePointer<CChar>?
            var specification: UnsafeMutablePointer<CChar>?
            guard notify_get_server_info(&name, &vendor, &version, &specification) != 0 else {
                return ServerDescription(busConnected: true)
            }
            defer { for text in [name, vendor, version, specification] { g_free(UnsafeMutableRawPointer(text)) } }
            // The names from the same call that refreshes what the daemon's side knows.
            let names = (try? refreshCapabilities().get()) ?? []
            return ServerDescription(
                busConnected: true, name: name.map { String(cString: $0) }, vendor: vendor.map { String(cString: $0) },
                version: version.map { String(cString: $0) }, specification: specification.map { String(cString: $0) },
                capabilities: names.sorted())
        }
    }

    /// Sent without waiting for the reply: a server that never answers holds nothing up.
    public func close(_ notificationID: UInt32) {
        glib.post { [self] in
            guard let connection else { return }
            let arguments = g_variant_new_uint32(notificationID)
            var children = [arguments]
            let tuple = children.withUnsafeMutableBufferPointer { g_variant_new_tuple($0.baseAddress, 1) }
            g_dbus_connection_call(
                connection, Self.serverName, Self.serverPath, Self.serverName, "CloseNotification", tuple, nil,
                G_DBUS_CALL_FLAGS_NONE, -1, nil, nil, nil)
        }
    }

    deinit {
        glib.perform { [self] in
            if let connection {
                if subscription != 0 { g_dbus_connection_signal_unsubscribe(connection, subscription) }
                if nameWatch != 0 { g_bus_unwatch_name(nameWatch) }
                if closedHandler != 0 {
                    g_signal_handler_disconnect(UnsafeMutableRawPointer(connection), closedHandler)
                }
                g_object_unref(UnsafeMutableRawPointer(connection))
            }
        }
        glib.stop()
    }

    // MARK: - On the GLib thread

    private func connect() {
        var error: UnsafeMutablePointer<GError>?
        connection = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error)
        guard let connection else {
            let reason = error.map { String(cString: $0.pointee.message) } ?? "unknown"
            g_error_free(error)
            onEvent(.noSessionBus(reason))
            return
        }
        let me = Unmanaged.passUnretained(self).toOpaque()
        watchForClose(connection, me)
        subscription = g_dbus_connection_signal_subscribe(
            connection, nil, Self.serverName, nil, Self.serverPath, nil, G_DBUS_SIGNAL_FLAGS_NONE,
            { _, _, _, _, signal, parameters, me in
                guard let signal, let parameters, let me else { return }
                Unmanaged<LibnotifyNotifier>.fromOpaque(me).takeUnretainedValue()
                    .received(signal: String(cString: signal), parameters: parameters)
            }, me, nil)
        waitForTheBus(connection)
        nameWatch = g_bus_watch_name_on_connection(
            connection, Self.serverName, G_BUS_NAME_WATCHER_FLAGS_NONE,
            { _, _, _, me in
                let notifier = Unmanaged<LibnotifyNotifier>.fromOpaque(me!).takeUnretainedValue()
                notifier.refreshCapabilities()
                notifier.onEvent(.serverAppeared)
            },
            { _, _, me in
                let notifier = Unmanaged<LibnotifyNotifier>.fromOpaque(me!).takeUnretainedValue()
                notifier.capabilities.withLock { $0.known = false }
                notifier.onEvent(.serverVanished)
            }, me, nil)
    }

    /// GLib's default for the session bus is to raise SIGTERM in the whole process when the bus
    /// goes away. The owner decides instead, from an event: the daemon stops as the session
    /// ends, and a test process with a notifier on a bus that closes lives on.
    private func watchForClose(_ connection: OpaquePointer, _ me: UnsafeMutableRawPointer) {
        g_dbus_connection_set_exit_on_close(connection, 0)
        let closed: @convention(c) (OpaquePointer?, gboolean, UnsafeMutablePointer<GError>?, gpointer?) -> Void = {
            _, _, _, me in
            guard let me else { return }
            Unmanaged<LibnotifyNotifier>.fromOpaque(me).takeUnretainedValue().onEvent(.busClosed)
        }
        closedHandler = g_signal_connect_data(
            UnsafeMutableRawPointer(connection), "closed", unsafeBitCast(closed, to: GCallback.self), me, nil,
            GConnectFlags(0))
    }

    /// Subscribing sends AddMatch without waiting for it, so a click emitted right after the
    /// daemon says it is ready could reach the bus before the rule and be lost. The bus handles
    /// one connection's messages in order: once a call made after it returns, the rule is in place.
    private func waitForTheBus(_ connection: OpaquePointer) {
        let reply = g_dbus_connection_call_sync(
            connection, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "GetId", nil, nil,
            G_DBUS_CALL_FLAGS_NONE, -1, nil, nil)
        if let reply { g_variant_unref(reply) }
    }

    private func received(signal: String, parameters: OpaquePointer) {
        guard g_variant_n_children(parameters) == 2 else { return }
        let first = g_variant_get_child_value(parameters, 0)
        let second = g_variant_get_child_value(parameters, 1)
        defer {
            g_variant_unref(first)
            g_variant_unref(second)
        }
        guard type(of: first) == "u" else { return }
        let id = g_variant_get_uint32(first)
        switch signal {
        case "ActionInvoked" where type(of: second) == "s":
            onEvent(.actionInvoked(notificationID: id, action: String(cString: g_variant_get_string(second, nil))))
        case "NotificationReplied" where type(of: second) == "s":
            onEvent(.replied(notificationID: id, text: String(cString: g_variant_get_string(second, nil))))
        case "NotificationClosed" where type(of: second) == "u":
            onEvent(.closed(notificationID: id, reason: CloseReason(code: g_variant_get_uint32(second))))
        default:
            break
        }
    }

    private func type(of value: OpaquePointer?) -> String {
        String(cString: g_variant_get_type_string(value))
    }

    /// Asks the server for its capabilities (which starts a D-Bus-activated server); on failure
    /// they stay unknown.
    @discardableResult
    private func refreshCapabilities() -> Result<Set<String>, NotifierError> {
        guard let connection else {
            return .failure(NotifierError("no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS is unset or unreachable)"))
        }
        var error: UnsafeMutablePointer<GError>?
        guard
            let reply = g_dbus_connection_call_sync(
                connection, Self.serverName, Self.serverPath, Self.serverName, "GetCapabilities", nil, nil,
                G_DBUS_CALL_FLAGS_NONE, -1, nil, &error)
        else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            g_error_free(error)
            return .failure(NotifierError(message))
        }
        defer { g_variant_unref(reply) }
        guard type(of: reply) == "(as)" else {
            return .failure(NotifierError("the server's capabilities are not a list"))
        }
        let list = g_variant_get_child_value(reply, 0)
        defer { g_variant_unref(list) }
        var names: Set<String> = []
        for index in 0..<g_variant_n_children(list) {
            let name = g_variant_get_child_value(list, index)
            names.insert(String(cString: g_variant_get_string(name, nil)))
            g_variant_unref(name)
        }
        capabilities.withLock {
            $0 = (
                true, names.contains("body-markup"), names.contains("actions"), names.contains("sound"),
                names.contains("inline-reply"), names.contains("persistence")
            )
        }
        return .success(names)
    }

    private func showOnGLib(_ content: NotificationContent, replacing: UInt32?) -> Result<UInt32, NotifierError> {
        guard connection != nil else {
            return .failure(NotifierError("no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS is unset or unreachable)"))
        }
        guard let notification = notify_notification_new(content.title, content.body, nil) else {
            return .failure(NotifierError("libnotify could not create a notification"))
        }
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
}
