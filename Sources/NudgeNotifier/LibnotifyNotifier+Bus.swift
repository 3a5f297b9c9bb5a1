import CLibnotify
import NudgeCore
import Synchronization

/// The bus, on the GLib thread: the connection, the subscription to the server's signals
/// (answers come from it, not from libnotify's per-object callbacks), and the watch for the
/// server coming and going.
extension LibnotifyNotifier {
    func connect() {
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
            { connection, _, nameOwner, me in
                let notifier = Unmanaged<LibnotifyNotifier>.fromOpaque(me!).takeUnretainedValue()
                notifier.refreshCapabilities()
                notifier.onEvent(.serverAppeared(owner: NotificationServerOwner.of(connection, nameOwner)))
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

    func type(of value: OpaquePointer?) -> String {
        String(cString: g_variant_get_type_string(value))
    }
}
