import CLibnotify
import Foundation
import NudgeGLib
import Synchronization

/// Follows the desktop's Do Not Disturb without polling: GNOME's `show-banners` by GSettings'
/// "changed" signal (only where its schema is installed), and the notification server's
/// `Inhibited` (KDE Plasma) and `paused` (dunst, org.dunstproject.cmd0) by their
/// PropertiesChanged signal, read again whenever a server appears on the bus.
/// Each change of the whole (`DoNotDisturb`) is reported once, on a GLib thread.
public final class DoNotDisturbWatch: @unchecked Sendable {
    /// The server's signals and calls, on a context of its own: a server that does not answer
    /// holds up only this watch.
    let glib: GLibThread
    /// GNOME's setting, where it is read: on the thread that runs GLib's default context for
    /// the whole process, where a keyfile backend's file monitor reports when the process first
    /// used GSettings on a thread without a context of its own (the command's clock format).
    /// Every watch of the process shares it: a second thread could not acquire that context.
    let gnome: GLibThread?
    private let report: @Sendable (DoNotDisturb) -> Void
    /// Whether GNOME's setting, where read, is a switch nudge may turn.
    let quietsGNOME: Bool
    private let state = Mutex(DoNotDisturb())
    private let pausing = Mutex<DunstPausing?>(nil)
    /// The switch nudge can turn Do Not Disturb on with here (`DoNotDisturbWatch+Switch`).
    let available = Mutex<DoNotDisturb.Source?>(nil)
    private let firstReading = DispatchSemaphore(value: 0)
    /// Servers seen to appear so far; touched only on `glib`.
    private var appearances = 0
    // Touched only on `glib`.
    var connection: OpaquePointer?
    private var subscription: guint = 0
    private var nameWatch: guint = 0
    /// The connection that asked Plasma's server to inhibit, kept until the inhibition ends:
    /// Plasma ends a connection's inhibitions when it leaves the bus, the one way to end one
    /// whose cookie never came back.
    var inhibiting: OpaquePointer?
    /// The cookie of the inhibition `inhibiting` holds, when its answer came.
    var inhibition: UInt32?
    /// The call to `Inhibit` whose answer has not come (`DoNotDisturbWatch+Inhibit`).
    var inhibitCall: InhibitCall?
    /// How long an answer to `Inhibit` is waited for after it was said unanswered, in ms.
    let lateAnswerLimit: Int32
    /// The session bus's address, for `inhibiting`.
    let sessionBus: String?
    // Touched only on `gnome`.
    var settings: UnsafeMutableRawPointer?
    private var settingsHandler: gulong = 0
    static let serverName = "org.freedesktop.Notifications"
    static let serverPath = "/org/freedesktop/Notifications"
    static let dunstInterface = "org.dunstproject.cmd0"
    /// A server that does not answer a property's Get in this time says nothing of it.
    public static let callTimeout: Int32 = 5000

    /// Whether GNOME's `show-banners` is this desktop's switch: only on GNOME
    /// (`XDG_CURRENT_DESKTOP` names it) does turning it off quiet anything. Elsewhere the schema
    /// may be installed all the same (another desktop's GNOME programs), and writing the key
    /// would quiet nothing while nudge counted the desktop as quiet.
    public static func desktopIsGNOME(_ environment: [String: String]) -> Bool {
        (environment["XDG_CURRENT_DESKTOP"] ?? "").split(separator: ":").contains {
            $0.caseInsensitiveCompare("GNOME") == .orderedSame
        }
    }

    /// - Parameters:
    ///   - sessionBus: the bus the notification server is on; nil: no server's word is read.
    ///   - readsGNOME: whether GNOME's setting can be read (GSettings' backend can run here);
    ///     it is read only on GNOME (`quietsGNOME`).
    ///   - quietsGNOME: whether GNOME's setting is a switch nudge may turn (`desktopIsGNOME`).
    ///   - lateAnswer: how long an answer to Plasma's `Inhibit` is listened for after it was
    ///     said unanswered (GDBus's own default).
    ///   - report: each change, on a GLib thread and under the watch's lock; hand it on, do
    ///     not block or call the watch.
    public init(
        sessionBus: String?, readsGNOME: Bool, quietsGNOME: Bool, lateAnswer: TimeInterval = 25,
        report: @escaping @Sendable (DoNotDisturb) -> Void
    ) {
        self.report = report
        lateAnswerLimit = Int32(lateAnswer * 1000)
        self.quietsGNOME = quietsGNOME
        self.sessionBus = sessionBus
        glib = GLibThread(name: "nudge-dnd")
        // Only on GNOME: elsewhere the schema may be installed all the same, and its key (off
        // since someone used GNOME) would hold reminders for a Do Not Disturb nobody sees.
        gnome = readsGNOME && quietsGNOME ? .defaultContext : nil
        glib.post { [self] in
            gnome?.perform { [self] in followGNOME() }
            if let sessionBus { followServer(on: sessionBus) } else { firstReading.signal() }
        }
    }

    /// The state once its first reading is in, waited for at most `seconds` (a server that
    /// hangs answers within `callTimeout`); as far as known when it is not.
    public func firstState(within seconds: TimeInterval) -> DoNotDisturb {
        if firstReading.wait(timeout: .now() + seconds) == .success { firstReading.signal() }
        return state.withLock { $0 }
    }

    /// What the server on the bus is, as far as pausing goes: nil for one that is not dunst.
    /// Known once `firstState` returned.
    public var dunst: DunstPausing? { pausing.withLock { $0 } }

    deinit {
        gnome?.perform { [self] in
            if let settings {
                if settingsHandler != 0 { g_signal_handler_disconnect(settings, settingsHandler) }
                g_object_unref(settings)
            }
        }
        glib.perform { [self] in
            // A call still unanswered lets go of its timer now, and of its answer's bookkeeping
            // when its connection's closing answers it (`GLibThread` runs that as it ends).
            inhibitCall?.stopTimer()
            inhibitCall = nil
            closeInhibiting()
            if nameWatch != 0 { g_bus_unwatch_name(nameWatch) }
            if let connection {
                if subscription != 0 { g_dbus_connection_signal_unsubscribe(connection, subscription) }
                g_dbus_connection_close_sync(connection, nil, nil)
                g_object_unref(UnsafeMutableRawPointer(connection))
            }
        }
        glib.stop()
    }

    /// Reported under the lock: GNOME's thread and the server's both set, and the last state
    /// reported must be the last one made.
    func set(_ source: DoNotDisturb.Source, _ on: Bool) {
        state.withLock { state in
            guard state.sources.contains(source) != on else { return }
            if on { state.sources.insert(source) } else { state.sources.remove(source) }
            report(state)
        }
    }

    /// A server appeared on the bus (`true`: numbered after the last, `owner` saying which) or
    /// left it: reported, so that a switch that went with a server is not taken for one the
    /// person turned off.
    func serverOnBus(_ present: Bool, owner: String? = nil) {
        if present { appearances += 1 }
        state.withLock { state in
            state.server = present ? appearances : nil
            state.serverOwner = present ? owner : nil
            report(state)
        }
    }

    /// GSettings aborts the process on a schema it cannot find: it is looked up first.
    private func followGNOME() {
        guard let source = g_settings_schema_source_get_default(),
            let schema = g_settings_schema_source_lookup(source, "org.gnome.desktop.notifications", 1)
        else { return }
        defer { g_settings_schema_unref(schema) }
        guard g_settings_schema_has_key(schema, "show-banners") != 0,
            let made = g_settings_new_full(schema, nil, nil)
        else { return }
        let object = UnsafeMutableRawPointer(made)
        settings = object
        let changed: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<gchar>?, gpointer?) -> Void = {
            gsettings, _, me in
            guard let gsettings, let me else { return }
            Unmanaged<DoNotDisturbWatch>.fromOpaque(me).takeUnretainedValue().set(
                .gnome, g_settings_get_boolean(gsettings.assumingMemoryBound(to: GSettings.self), "show-banners") == 0)
        }
        settingsHandler = g_signal_connect_data(
            object, "changed::show-banners", unsafeBitCast(changed, to: GCallback.self),
            Unmanaged.passUnretained(self).toOpaque(), nil, GConnectFlags(0))
        set(.gnome, g_settings_get_boolean(made, "show-banners") == 0)
        if quietsGNOME { available.withLock { $0 = $0 ?? .gnome } }
    }

    /// Follows the server's properties, then watches for the server: each server that appears
    /// is read once, and one that goes away takes its state with it.
    private func followServer(on address: String) {
        guard let bus = Self.connect(to: address) else {
            firstReading.signal()
            return
        }
        connection = bus
        let me = Unmanaged.passUnretained(self).toOpaque()
        subscription = g_dbus_connection_signal_subscribe(
            bus, Self.serverName, "org.freedesktop.DBus.Properties", "PropertiesChanged", Self.serverPath, nil,
            G_DBUS_SIGNAL_FLAGS_NONE,
            { _, _, _, _, _, parameters, me in
                guard let parameters, let me else { return }
                Unmanaged<DoNotDisturbWatch>.fromOpaque(me).takeUnretainedValue().propertiesChanged(parameters)
            }, me, nil)
        nameWatch = g_bus_watch_name_on_connection(
            bus, Self.serverName, G_BUS_NAME_WATCHER_FLAGS_NONE,
            { connection, _, nameOwner, me in
                let watch = Unmanaged<DoNotDisturbWatch>.fromOpaque(me!).takeUnretainedValue()
                watch.readServer(owner: NotificationServerOwner.of(connection, nameOwner))
                watch.firstReading.signal()
            },
            { _, _, me in
                let watch = Unmanaged<DoNotDisturbWatch>.fromOpaque(me!).takeUnretainedValue()
                watch.serverLeft()
                watch.serverOnBus(false)
                watch.set(.inhibited, false)
                watch.set(.dunstPaused, false)
                watch.firstReading.signal()
            }, me, nil)
    }

    /// The server's switch and state are known before its appearance is reported.
    private func readServer(owner: String?) {
        let inhibited = property(Self.serverName, "Inhibited")
        let paused = property(Self.dunstInterface, "paused")
        serverCame(switch: paused != nil ? .dunstPaused : inhibited != nil ? .inhibited : nil)
        pausing.withLock {
            $0 = paused.map { _ in DunstPausing(hasPauseLevels: value(Self.dunstInterface, "pauseLevel") != nil) }
        }
        set(.inhibited, inhibited ?? false)
        set(.dunstPaused, paused ?? false)
        serverOnBus(true, owner: owner)
    }

    /// `(s interface, a{sv} changed, as invalidated)`: a property said invalidated is read.
    private func propertiesChanged(_ parameters: OpaquePointer) {
        guard String(cString: g_variant_get_type_string(parameters)) == "(sa{sv}as)" else { return }
        let interface = Self.child(parameters, 0) { String(cString: g_variant_get_string($0, nil)) }
        let (source, name): (DoNotDisturb.Source, String)
        switch interface {
        case Self.serverName: (source, name) = (.inhibited, "Inhibited")
        case Self.dunstInterface: (source, name) = (.dunstPaused, "paused")
        default: return
        }
        let changed = g_variant_get_child_value(parameters, 1)!
        defer { g_variant_unref(changed) }
        if let value = g_variant_lookup_value(changed, name, nil) {
            defer { g_variant_unref(value) }
            guard String(cString: g_variant_get_type_string(value)) == "b" else { return }
            set(source, g_variant_get_boolean(value) != 0)
        } else if Self.child(parameters, 2, { Self.strings($0).contains(name) }) {
            set(source, property(interface, name) ?? false)
        }
    }

    /// A boolean property of the server; nil when it has none (another server) or does not answer.
    func property(_ interface: String, _ name: String) -> Bool? {
        guard let value = value(interface, name) else { return nil }
        defer { g_variant_unref(value) }
        guard String(cString: g_variant_get_type_string(value)) == "b" else { return nil }
        return g_variant_get_boolean(value) != 0
    }

    /// A property's value, of any type; nil when the server has none or does not answer.
    private func value(_ interface: String, _ name: String) -> OpaquePointer? {
        guard let connection else { return nil }
        let arguments = [g_variant_new_string(interface), g_variant_new_string(name)]
        let tuple = arguments.withUnsafeBufferPointer { g_variant_new_tuple($0.baseAddress, gsize($0.count)) }
        let replyType = g_variant_type_new("(v)")
        defer { g_variant_type_free(replyType) }
        var error: UnsafeMutablePointer<GError>?
        guard
            let reply = g_dbus_connection_call_sync(
                connection, Self.serverName, Self.serverPath, "org.freedesktop.DBus.Properties", "Get", tuple,
                replyType, G_DBUS_CALL_FLAGS_NONE, Self.callTimeout, nil, &error)
        else {
            if let error { g_error_free(error) }
            return nil
        }
        defer { g_variant_unref(reply) }
        return Self.child(reply, 0) { g_variant_get_variant($0) }
    }

    private static func child<T>(_ tuple: OpaquePointer, _ index: Int, _ body: (OpaquePointer) -> T) -> T {
        let value = g_variant_get_child_value(tuple, gsize(index))!
        defer { g_variant_unref(value) }
        return body(value)
    }

    private static func strings(_ array: OpaquePointer) -> [String] {
        (0..<g_variant_n_children(array)).map { index in
            child(array, Int(index)) { String(cString: g_variant_get_string($0, nil)) }
        }
    }
}
