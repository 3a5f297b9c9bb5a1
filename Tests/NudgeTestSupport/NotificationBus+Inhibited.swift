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
    /// `answeringAfter`: seconds the server is busy before it inhibits and answers.
    public func addInhibitMethods(answeringAfter delay: Double = 0) throws {
        let busy = delay > 0 ? "import time\ntime.sleep(\(delay))\n" : ""
        try call(
            "org.freedesktop.DBus.Mock.AddMethod",
            [
                "org.freedesktop.Notifications", "Inhibit", "ssa{sv}", "u",
                busy
                    + "self.Set('org.freedesktop.Notifications', 'Inhibited', dbus.Boolean(True)); ret = dbus.UInt32(41)",
            ])
        try call(
            "org.freedesktop.DBus.Mock.AddMethod",
            [
                "org.freedesktop.Notifications", "UnInhibit", "u", "",
                "self.Set('org.freedesktop.Notifications', 'Inhibited', dbus.Boolean(False))",
            ])
    }

    /// An `Inhibit` that refuses (a D-Bus error) after `answeringAfter` seconds, inhibiting nothing.
    public func addRefusingInhibit(answeringAfter delay: Double) throws {
        try call(
            "org.freedesktop.DBus.Mock.AddMethod",
            [
                "org.freedesktop.Notifications", "Inhibit", "ssa{sv}", "u",
                "import time\ntime.sleep(\(delay))\n"
                    + "raise dbus.exceptions.DBusException('busy', name='org.freedesktop.DBus.Error.AccessDenied')",
            ])
    }

    /// Plasma's inhibitions as Plasma keeps them: each one belongs to the bus connection that
    /// asked (its unique name, read from the message being handled), and goes when that
    /// connection closes (NameOwnerChanged to no owner, as a killed process's does). Cookies
    /// count from 42; `Inhibited` is whether any is left. `answeringAfter`: seconds the server
    /// is busy before it inhibits and answers, as a Plasma under load (the mock answers nothing
    /// meanwhile).
    public func addInhibitMethodsTrackingCallers(answeringAfter delay: Double = 0) throws {
        let busy = delay > 0 ? "import time\ntime.sleep(\(delay))\n" : ""
        try call(
            "org.freedesktop.DBus.Mock.AddMethod",
            ["org.freedesktop.Notifications", "Inhibit", "ssa{sv}", "u", busy + Self.trackedInhibit])
        try call(
            "org.freedesktop.DBus.Mock.AddMethod",
            [
                "org.freedesktop.Notifications", "UnInhibit", "u", "",
                "self.inhibitions.pop(int(args[0]), None); "
                    + "self.Set('org.freedesktop.Notifications', 'Inhibited', dbus.Boolean(len(self.inhibitions) > 0))",
            ])
    }

    private static let trackedInhibit = """
        import inspect
        frame = inspect.currentframe()
        while not hasattr(frame.f_locals.get('message'), 'get_sender'):
            frame = frame.f_back
        caller = frame.f_locals['message'].get_sender()
        if not hasattr(self, 'inhibitions'):
            self.inhibitions, self.cookies = {}, 41
        self.cookies += 1
        self.inhibitions[self.cookies] = caller
        def closed(name, old, new, mock=self):
            if new:
                return
            for cookie in [c for c, owner in mock.inhibitions.items() if owner == name]:
                del mock.inhibitions[cookie]
                mock.log('connection %s closed: inhibition %d dropped' % (name, cookie))
            mock.Set('org.freedesktop.Notifications', 'Inhibited', dbus.Boolean(len(mock.inhibitions) > 0))
        self.connection.add_signal_receiver(
            closed, 'NameOwnerChanged', 'org.freedesktop.DBus', 'org.freedesktop.DBus', '/org/freedesktop/DBus',
            arg0=caller)
        self.Set('org.freedesktop.Notifications', 'Inhibited', dbus.Boolean(True))
        ret = dbus.UInt32(self.cookies)
        """

    /// Turns `Inhibited` on and off `times` times and then on, as fast as the mock can emit
    /// PropertiesChanged: a person toggling Do Not Disturb over and over.
    public func toggleInhibited(times: Int) throws {
        try call(
            "org.freedesktop.DBus.Mock.AddMethod",
            [
                "org.freedesktop.Notifications", "ToggleInhibited", "u", "",
                "for _ in range(args[0]):\n"
                    + "    self.Set('org.freedesktop.Notifications', 'Inhibited', dbus.Boolean(True))\n"
                    + "    self.Set('org.freedesktop.Notifications', 'Inhibited', dbus.Boolean(False))\n"
                    + "self.Set('org.freedesktop.Notifications', 'Inhibited', dbus.Boolean(True))",
            ])
        try call("org.freedesktop.Notifications.ToggleInhibited", ["\(times)"])
    }

    /// Waits until the mock's last change of `Inhibited` set it to `value` (its log's `Set` lines).
    public func waitForInhibited(_ value: Bool, timeout: TimeInterval = 15) -> Bool {
        FileEvents.waitUntil(watching: [directory.path], timeout: timeout) {
            let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
            let last = log.split(separator: "\n").last {
                $0.contains(" Set /org/freedesktop/Notifications org.freedesktop.Notifications.Inhibited ")
            }
            return last?.hasSuffix(value ? "True" : "False") ?? !value
        }
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
