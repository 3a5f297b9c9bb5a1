import CLibnotify
import Foundation
import NudgeGLib

/// Turning the desktop's Do Not Disturb on and back off, by the switch each desktop gives: the
/// server's own where it has one (dunst's `paused`; Plasma's `Inhibit`, whose inhibition lives
/// as long as the D-Bus connection that asked for it: this watch's), else GNOME's
/// `show-banners`. Every call is made on a GLib thread, never on the caller's: the server's on
/// the watch's own, GNOME's setting on the one that runs GLib's default context.
extension DoNotDisturbWatch {
    /// The switch nudge can turn on here; nil where there is none (no server that has one, and
    /// no GNOME schema or a desktop that is not GNOME).
    public var quietSwitch: DoNotDisturb.Source? { available.withLock { $0 } }

    /// Turns `source` on; `done` gets nil, or what failed (on the GLib thread).
    public func turnOn(
        _ source: DoNotDisturb.Source, reason: String, done: @escaping @Sendable (String?) -> Void
    ) {
        thread(for: source).post { [self] in done(switchOn(source, reason: reason)) }
    }

    /// Turns `source` back off; `done` gets nil, or what failed (on the GLib thread).
    public func turnOff(_ source: DoNotDisturb.Source, done: @escaping @Sendable (String?) -> Void) {
        thread(for: source).post { [self] in done(switchOff(source)) }
    }

    /// Turns `source` back off and waits for it (a server's call timeout at most): for the
    /// daemon's end, after which nothing would.
    public func turnOffNow(_ source: DoNotDisturb.Source) -> String? {
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
        inhibition = nil
        serverCame(switch: nil)
    }

    private func switchOn(_ source: DoNotDisturb.Source, reason: String) -> String? {
        switch source {
        case .gnome: return showBanners(false)
        case .dunstPaused: return setServerProperty(Self.dunstInterface, "paused", true)
        case .inhibited:
            guard inhibition == nil else { return nil }
            let entry = g_variant_type_new("{sv}")
            defer { g_variant_type_free(entry) }
            let hints = g_variant_new_array(entry, nil, 0)
            let reply = call(
                Self.serverName, "Inhibit",
                [g_variant_new_string("nudge"), g_variant_new_string(reason), hints!], replyType: "(u)")
            guard case .success(let values) = reply, let values else { return reply.failure }
            defer { g_variant_unref(values) }
            let cookie = g_variant_get_child_value(values, 0)!
            defer { g_variant_unref(cookie) }
            inhibition = g_variant_get_uint32(cookie)
            return nil
        }
    }

    private func switchOff(_ source: DoNotDisturb.Source) -> String? {
        switch source {
        case .gnome: return showBanners(true)
        case .dunstPaused: return setServerProperty(Self.dunstInterface, "paused", false)
        case .inhibited:
            // None held by this connection: a killed daemon's died with its connection.
            guard let cookie = inhibition else { return nil }
            inhibition = nil
            let reply = call(Self.serverName, "UnInhibit", [g_variant_new_uint32(cookie)!], replyType: nil)
            if case .success(let values) = reply, let values { g_variant_unref(values) }
            return reply.failure
        }
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

    /// A method of the server's object; its reply, or what failed.
    private func call(_ interface: String, _ method: String, _ arguments: [OpaquePointer], replyType: String?)
        -> Result<OpaquePointer?, CallFailure>
    {
        guard let connection else { return .failure(CallFailure(text: "no session bus")) }
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
            if let error { g_error_free(error) }
            return .failure(CallFailure(text: "\(method): \(text)"))
        }
        return .success(reply)
    }
}

extension DoNotDisturbWatch {
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
}

extension Result where Success == OpaquePointer?, Failure == CallFailure {
    var failure: String? {
        if case .failure(let failure) = self { return failure.text }
        return nil
    }
}
