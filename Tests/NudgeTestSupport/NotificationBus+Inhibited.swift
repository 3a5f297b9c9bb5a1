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
