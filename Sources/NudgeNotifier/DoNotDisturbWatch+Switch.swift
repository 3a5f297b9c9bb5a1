import CLibnotify
import Foundation
import NudgeGLib

/// Turning the desktop's Do Not Disturb on and back off, by the switch each desktop gives: the
/// server's own where it has one (dunst's `paused`; Plasma's `Inhibit`, whose inhibition lives
/// as long as the D-Bus connection that asked for it: one of its own, `inhibiting`), else GNOME's
/// `show-banners`. Every call is made on a GLib thread, never on the caller's: the server's on
/// the watch's own, GNOME's setting on the one that runs GLib's default context.
extension DoNotDisturbWatch {
    /// The switch nudge can turn on here; nil where there is none (no server that has one, and
    /// no GNOME schema or a desktop that is not GNOME).
    public var quietSwitch: DoNotDisturb.Source? { available.withLock { $0 } }

    /// Turns `source` on; `done` gets what the desktop answered (on the GLib thread).
    public func turnOn(
        _ source: DoNotDisturb.Source, reason: String, done: @escaping @Sendable (QuietSwitchOutcome) -> Void
    ) {
        thread(for: source).post { [self] in
            guard source != .inhibited else { return inhibit(reason: reason, done: done) }
            done(switchOn(source))
        }
    }

    /// Turns `source` back off; `done` gets what became of it (on the GLib thread).
    public func turnOff(_ source: DoNotDisturb.Source, done: @escaping @Sendable (QuietSwitchPutBack) -> Void) {
        thread(for: source).post { [self] in
            guard source != .inhibited else { return uninhibit(done: done) }
            done(switchOff(source))
        }
    }

    /// Turns `source` back off and waits for it (a server's call timeout at most): for the
    /// daemon's end, after which nothing would.
    public func turnOffNow(_ source: DoNotDisturb.Source) -> QuietSwitchPutBack {
        thread(for: source).perform { [self] in switchOff(source) }
    }

    /// Where `source`'s switch is touched: GNOME's settings object lives on `gnome`.
    private func thread(for source: DoNotDisturb.Source) -> GLibThread {
        source == .gnome ? gnome ?? glib : glib
    }

    /// A server appeared: its own switch, else GNOME's.
    func serverCame(switch server: DoNotDisturb.Source?) {
        let gnome: DoNotDisturb.Source? = settings == nil || !quietsGNOME ? nil : .gnome
        available.withLock { $0 = server ?? gnome }
    }

    /// The server went: an inhibition it held went with it.
    func serverLeft() {
        closeInhibiting()
        serverCame(switch: nil)
    }

    /// GNOME's or dunst's switch (Plasma's is asked without waiting: `inhibit`).
    private func switchOn(_ source: DoNotDisturb.Source) -> QuietSwitchOutcome {
        let failure: String? =
            switch source {
            case .gnome: showBanners(false)
            case .dunstPaused: setServerProperty(Self.dunstInterface, "paused", true)
            case .inhibited: nil
            }
        return failure.map(QuietSwitchOutcome.failed) ?? .turnedOn
    }

    private func switchOff(_ source: DoNotDisturb.Source) -> QuietSwitchPutBack {
        switch source {
        case .gnome: QuietSwitchPutBack(failure: showBanners(true))
        case .dunstPaused: QuietSwitchPutBack(failure: setServerProperty(Self.dunstInterface, "paused", false))
        case .inhibited: uninhibitNow()
        }
    }

    /// Leaves the bus with the connection that asked to inhibit: Plasma ends its inhibitions.
    func closeInhibiting() {
        inhibition = nil
        guard let connection = inhibiting else { return }
        inhibiting = nil
        g_dbus_connection_close_sync(connection, nil, nil)
        g_object_unref(UnsafeMutableRawPointer(connection))
    }

    /// A connection of its own to the bus at `address`.
    static func connect(to address: String) -> OpaquePointer? {
        var error: UnsafeMutablePointer<GError>?
        let flags = GDBusConnectionFlags(
            G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue
                | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue)
        let connection = g_dbus_connection_new_for_address_sync(address, flags, nil, nil, &error)
        if let error { g_error_free(error) }
        return connection
    }

    private func showBanners(_ shown: Bool) -> String? {
        guard let settings else { return "GNOME's notification settings cannot be read here" }
        let gsettings = settings.assumingMemoryBound(to: GSettings.self)
        guard g_settings_set_boolean(gsettings, "show-banners", shown ? 1 : 0) != 0 else {
            return "GNOME's show-banners cannot be written"
        }
        g_settings_sync()
        return nil
    }

    private func setServerProperty(_ interface: String, _ name: String, _ value: Bool) -> String? {
        let reply = call(
            "org.freedesktop.DBus.Properties", "Set",
            [
                g_variant_new_string(interface)!, g_variant_new_string(name)!,
                g_variant_new_variant(g_variant_new_boolean(value ? 1 : 0))!,
            ], replyType: nil)
        if case .success(let values) = reply, let values { g_variant_unref(values) }
        return reply.failure
    }

    /// A method of the server's object, on the watch's connection unless `other`; its reply, or
    /// what failed.
    func call(
        _ interface: String, _ method: String, _ arguments: [OpaquePointer], replyType: String?,
        on other: OpaquePointer? = nil
    ) -> Result<OpaquePointer?, CallFailure> {
        guard let connection = other ?? connection else { return .failure(CallFailure(text: "no session bus")) }
        let children: [OpaquePointer?] = arguments
        let tuple = children.withUnsafeBufferPointer { g_variant_new_tuple($0.baseAddress, gsize($0.count)) }
        let type: OpaquePointer? = replyType.flatMap { g_variant_type_new($0) }
        defer { if let type { g_variant_type_free(type) } }
        var error: UnsafeMutablePointer<GError>?
        let reply = g_dbus_connection_call_sync(
            connection, Self.serverName, Self.serverPath, interface, method, tuple, type, G_DBUS_CALL_FLAGS_NONE,
            Self.callTimeout, nil, &error)
        guard let reply else {
            let text = error.map(Self.oneLine) ?? "no reply"
            let timedOut = error.map(Self.timedOut) ?? false
            if let error { g_error_free(error) }
            return .failure(CallFailure(text: "\(method): \(text)", timedOut: timedOut))
        }
        return .success(reply)
    }
}

extension DoNotDisturbWatch {
    /// No answer came in time (GDBus's own timeout, or the bus's word that none came): the
    /// server may still have done what was asked.
    static func timedOut(_ error: UnsafeMutablePointer<GError>) -> Bool {
        g_error_matches(error, g_io_error_quark(), gint(G_IO_ERROR_TIMED_OUT.rawValue)) != 0
            || g_error_matches(error, g_dbus_error_quark(), gint(G_DBUS_ERROR_NO_REPLY.rawValue)) != 0
            || g_error_matches(error, g_dbus_error_quark(), gint(G_DBUS_ERROR_TIMED_OUT.rawValue)) != 0
    }

    /// A server's error in one line, for a log line and doctor: the D-Bus error's name when the
    /// server sent one (its message may be a traceback, as python-dbusmock's is), else the
    /// message's first line.
    static func oneLine(_ error: UnsafeMutablePointer<GError>) -> String {
        if let name = g_dbus_error_get_remote_error(error) {
            defer { g_free(name) }
            return String(cString: name)
        }
        return String(String(cString: error.pointee.message).prefix { $0 != "\n" })
    }
}

struct CallFailure: Error {
    var text: String
    /// No answer within the call's timeout: the server may still do what was asked.
    var timedOut = false
}

extension Result where Success == OpaquePointer?, Failure == CallFailure {
    var failure: String? {
        if case .failure(let failure) = self { return failure.text }
        return nil
    }
}
