import CLibnotify
import Dispatch
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
    static let serverName = "org.freedesktop.Notifications"
    static let serverPath = "/org/freedesktop/Notifications"

    let glib: GLibThread
    let onEvent: @Sendable (NotifierEvent) -> Void
    /// The server's capabilities, read before the first show and again when a server appears.
    let capabilities = Mutex<
        (known: Bool, markup: Bool, actions: Bool, sound: Bool, inlineReply: Bool, persistence: Bool)
    >((false, false, true, false, false, false))
    /// A `learnServer` question is on its way: one at a time.
    private let learning = Mutex(false)
    // Touched only on the GLib thread.
    var connection: OpaquePointer?
    var subscription: guint = 0
    var nameWatch: guint = 0
    var closedHandler: gulong = 0

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

    public func flush(timeout: Duration) {
        let sent = DispatchSemaphore(value: 0)
        glib.post { [self] in
            // After the closes posted before it: this thread runs what it is given in order.
            if let connection { _ = g_dbus_connection_flush_sync(connection, nil, nil) }
            sent.signal()
        }
        let (seconds, attoseconds) = timeout.components
        _ = sent.wait(timeout: .now() + .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)))
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
}
