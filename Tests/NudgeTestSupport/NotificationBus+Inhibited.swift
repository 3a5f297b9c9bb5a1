import Foundation

/// KDE Plasma's Do Not Disturb on the mock server: its `Inhibited` property of
/// org.freedesktop.Notifications, changed through Properties.Set, which emits PropertiesChanged
/// as Plasma's server does.
extension NotificationBus {
    /// Gives the server the property, with its first value (no signal: the daemon reads it).
    public func addInhibited(_ inhibited: Bool) throws {
        try call(
            "org.freedesktop.DBus.Mock.AddProperty", ["org.freedesktop.Notifications", "Inhibited", "<\(inhibited)>"])
    }

    public func setInhibited(_ inhibited: Bool) throws {
        try call(
            "org.freedesktop.DBus.Properties.Set", ["org.freedesktop.Notifications", "Inhibited", "<\(inhibited)>"])
    }

    private func call(_ method: String, _ arguments: [String]) throws {
        let result = try Subprocess.run(
            "/usr/bin/gdbus",
            [
                "call", "--session", "--dest", "org.freedesktop.Notifications", "--object-path",
                "/org/freedesktop/Notifications", "--method", method, "--",
            ] + arguments, environment: ["DBUS_SESSION_BUS_ADDRESS": address], timeout: 30)
        guard result.status == 0 else { throw BusError("\(method) failed: \(result)") }
    }
}

/// KDE Plasma's own switch on the mock server: `Inhibit(desktop_entry, reason, hints)` returns a
/// cookie and sets `Inhibited`; `UnInhibit(cookie)` clears it, as Plasma's server does for its
/// last inhibition. The mock keeps no connection's inhibitions: it does not drop one whose
/// connection closed, as Plasma does.
extension NotificationBus {
    public func addInhibitMethods() throws {
        try call(
            "org.freedesktop.DBus.Mock.AddMethod",
            [
                "org.freedesktop.Notifications", "Inhibit", "ssa{sv}", "u",
                "self.Set('org.freedesktop.Notifications', 'Inhibited', dbus.Boolean(True)); ret = dbus.UInt32(41)",
            ])
        try call(
            "org.freedesktop.DBus.Mock.AddMethod",
            [
                "org.freedesktop.Notifications", "UnInhibit", "u", "",
                "self.Set('org.freedesktop.Notifications', 'Inhibited', dbus.Boolean(False))",
            ])
    }

    /// The Inhibit and UnInhibit calls the mock logged, as `Inhibit "nudge" ...` and `UnInhibit 41`.
    public func inhibitCalls() -> [String] {
        let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
        return log.split(separator: "\n").compactMap { line in
            let call = line.drop { $0 != " " }.dropFirst()
            return call.hasPrefix("Inhibit ") || call.hasPrefix("UnInhibit ") ? String(call) : nil
        }
    }

    /// dunst's own switch on the mock server: its `paused` property on org.dunstproject.cmd0.
    public func addDunstPaused(_ paused: Bool) throws {
        try call("org.freedesktop.DBus.Mock.AddProperty", ["org.dunstproject.cmd0", "paused", "<\(paused)>"])
    }

    public func setDunstPaused(_ paused: Bool) throws {
        try call("org.freedesktop.DBus.Properties.Set", ["org.dunstproject.cmd0", "paused", "<\(paused)>"])
    }

    public func dunstPaused() throws -> Bool {
        let result = try Subprocess.run(
            "/usr/bin/gdbus",
            [
                "call", "--session", "--dest", "org.freedesktop.Notifications", "--object-path",
                "/org/freedesktop/Notifications", "--method", "org.freedesktop.DBus.Properties.Get", "--",
                "org.dunstproject.cmd0", "paused",
            ], environment: ["DBUS_SESSION_BUS_ADDRESS": address], timeout: 30)
        guard result.status == 0 else { throw BusError("Get paused failed: \(result)") }
        return result.stdout.contains("true")
    }
}
