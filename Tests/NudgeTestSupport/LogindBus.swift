import Foundation

/// A private bus standing in for the system bus, with python-dbusmock's logind template: its
/// `Inhibit` returns a descriptor and drops the inhibitor when it is closed, and
/// `ListInhibitors` says which are held.
public final class LogindBus: @unchecked Sendable {
    public let address: String
    private let directory: TemporaryDirectory
    private let daemon: Spawned
    private let mock: Spawned

    public init() throws {
        directory = TemporaryDirectory("nudge-system-bus")
        (daemon, address) = try PrivateBus.start(in: directory)
        mock = try Subprocess.spawn(
            "/usr/bin/python3", ["-m", "dbusmock", "--system", "-t", "logind"],
            environment: ["DBUS_SYSTEM_BUS_ADDRESS": address, "PATH": "/usr/bin:/bin"],
            stderrPath: directory.file("mock.err"))
        let waited = try gdbus(["wait", "--system", "--timeout", "20", "org.freedesktop.login1"])
        guard waited.status == 0 else { throw BusError("the mock logind did not appear: \(waited)") }
    }

    /// The reasons (`why`) of the inhibitors of `what` nudge holds in `mode`, as logind lists them.
    public func inhibitors(what: String = "sleep", mode: String = "block") throws -> [String] {
        let listed = try gdbus([
            "call", "--system", "--dest", "org.freedesktop.login1", "--object-path", "/org/freedesktop/login1",
            "--method", "org.freedesktop.login1.Manager.ListInhibitors",
        ])
        guard listed.status == 0 else { throw BusError("ListInhibitors failed: \(listed)") }
        return listed.stdout.matches(of: #/\('([a-z-]+)', 'nudge', '([^']*)', '([a-z]+)'/#).filter {
            $0.1 == what && $0.3 == mode
        }.map { String($0.2) }
    }

    /// Plays logind announcing a sleep (true) or a resume (false).
    public func prepareForSleep(_ starting: Bool) throws {
        let emitted = try gdbus([
            "call", "--system", "--dest", "org.freedesktop.login1", "--object-path", "/org/freedesktop/login1",
            "--method", "org.freedesktop.DBus.Mock.EmitSignal", "--", "org.freedesktop.login1.Manager",
            "PrepareForSleep", "b", "[<\(starting)>]",
        ])
        guard emitted.status == 0 else { throw BusError("EmitSignal PrepareForSleep failed: \(emitted)") }
    }

    /// Adds this user's session `id` (unlocked), as `XDG_SESSION_ID` names it.
    public func addSession(_ id: String) throws {
        let added = try gdbus([
            "call", "--system", "--dest", "org.freedesktop.login1", "--object-path", "/org/freedesktop/login1",
            "--method", "org.freedesktop.DBus.Mock.AddSession", "'\(id)'", "'seat0'", "uint32 \(getuid())", "'nudge'",
            "true",
        ])
        guard added.status == 0 else { throw BusError("AddSession failed: \(added)") }
    }

    /// Makes session `id` this user's display session (logind's `User.Display`). The template's
    /// `GetUser` adds a number to a string and fails; it is replaced by one that formats it.
    public func setDisplaySession(_ id: String) throws {
        let getUser = try gdbus([
            "call", "--system", "--dest", "org.freedesktop.login1", "--object-path", "/org/freedesktop/login1",
            "--method", "org.freedesktop.DBus.Mock.AddMethod", "org.freedesktop.login1.Manager", "GetUser", "u", "o",
            "ret = '/org/freedesktop/login1/user/%d' % args[0]",
        ])
        guard getUser.status == 0 else { throw BusError("AddMethod GetUser failed: \(getUser)") }
        let set = try gdbus([
            "call", "--system", "--dest", "org.freedesktop.login1", "--object-path",
            "/org/freedesktop/login1/user/\(getuid())", "--method", "org.freedesktop.DBus.Properties.Set",
            "org.freedesktop.login1.User", "Display", "<('\(id)', objectpath '/org/freedesktop/login1/session/\(id)')>",
        ])
        guard set.status == 0 else { throw BusError("Set User.Display failed: \(set)") }
    }

    /// Plays the screen locker setting session `id`'s `LockedHint`: the property changes and
    /// PropertiesChanged is emitted.
    public func setLocked(_ locked: Bool, session id: String) throws {
        let set = try gdbus([
            "call", "--system", "--dest", "org.freedesktop.login1", "--object-path",
            "/org/freedesktop/login1/session/\(id)", "--method", "org.freedesktop.login1.Session.SetLockedHint",
            "\(locked)",
        ])
        guard set.status == 0 else { throw BusError("SetLockedHint failed: \(set)") }
    }

    /// Gives logind's `InhibitDelayMaxUSec` (the template has none), as InhibitDelayMaxSec sets it.
    public func setDelayLimit(seconds: Double) throws {
        let added = try gdbus([
            "call", "--system", "--dest", "org.freedesktop.login1", "--object-path", "/org/freedesktop/login1",
            "--method", "org.freedesktop.DBus.Mock.AddProperty", "org.freedesktop.login1.Manager",
            "InhibitDelayMaxUSec",
            "<uint64 \(Int(seconds * 1_000_000))>",
        ])
        guard added.status == 0 else { throw BusError("AddProperty InhibitDelayMaxUSec failed: \(added)") }
    }

    private func gdbus(_ arguments: [String]) throws -> CommandResult {
        try Subprocess.run("/usr/bin/gdbus", arguments, environment: ["DBUS_SYSTEM_BUS_ADDRESS": address], timeout: 30)
    }

    /// SIGKILL: the fixtures inherit the test runner's blocked signals, so SIGTERM would wait.
    deinit {
        for process in [mock, daemon] {
            process.signal(SIGKILL)
            _ = process.waitForExit(timeout: 10)
        }
        try? FileManager.default.removeItem(atPath: directory.path)
    }
}
