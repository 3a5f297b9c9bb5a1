import CGio
import Foundation
import NudgeGLib
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Whether the person's session is locked: logind's `LockedHint` of the session, read once and
/// then followed by its PropertiesChanged signal, on a GLib thread of its own. The session is
/// `$XDG_SESSION_ID`'s, else the user's display session (logind's `User.Display`).
///
/// Everything, the first reading included, happens on the GLib thread and is reported through
/// the callbacks: the caller never waits for the system bus.
public final class SessionLockWatch: @unchecked Sendable {
    /// What the watch learned: the session is locked (true) or not; or it cannot tell, and why.
    public enum Report: Sendable, Equatable {
        case locked(Bool)
        case unknown(String)
    }

    private let glib = GLibThread(name: "nudge-lock")
    private let report: @Sendable (Report) -> Void
    /// The first report, kept for `firstReport(within:)`.
    private let first = FirstReport()
    private var connection: OpaquePointer?
    private var subscription: guint = 0
    private static let sessionInterface = "org.freedesktop.login1.Session"

    /// Starts watching `sessionID`'s session (nil: the user's display session) on the system bus
    /// at `busAddress` (nil: `DBUS_SYSTEM_BUS_ADDRESS`, else the system's); the first report
    /// comes once logind answered, or did not.
    public init(sessionID: String?, busAddress: String?, report: @escaping @Sendable (Report) -> Void) {
        let first = first
        self.report = { heard in
            first.keep(heard)
            report(heard)
        }
        glib.post { [self] in
            do throws(SleepInhibitor.Failure) {
                try watch(sessionID: sessionID.flatMap { $0.isEmpty ? nil : $0 }, busAddress: busAddress)
            } catch {
                self.report(.unknown(error.description))
            }
        }
    }

    /// The first report, waited for at most `seconds` (logind answers in milliseconds; a hung
    /// one within its call timeout): nil when none came in time.
    public func firstReport(within seconds: TimeInterval) -> Report? {
        guard first.reported.wait(timeout: .now() + seconds) == .success else { return nil }
        first.reported.signal()
        return first.report.withLock { $0 }
    }

    private final class FirstReport: Sendable {
        let report = Mutex<Report?>(nil)
        let reported = DispatchSemaphore(value: 0)

        func keep(_ heard: Report) {
            let isFirst = report.withLock { kept in
                defer { kept = kept ?? heard }
                return kept == nil
            }
            if isFirst { reported.signal() }
        }
    }

    deinit {
        glib.perform { [self] in
            if let connection {
                if subscription != 0 { g_dbus_connection_signal_unsubscribe(connection, subscription) }
                g_object_unref(UnsafeMutableRawPointer(connection))
            }
        }
        glib.stop()
    }

    /// On the GLib thread: finds the session, follows its changes, then reads it once (in that
    /// order, so that no change between the two is lost).
    private func watch(sessionID: String?, busAddress: String?) throws(SleepInhibitor.Failure) {
        var error: UnsafeMutablePointer<GError>?
        let flags = GDBusConnectionFlags(
            G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue
                | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue)
        let connected =
            busAddress.map { g_dbus_connection_new_for_address_sync($0, flags, nil, nil, &error) }
            ?? g_bus_get_sync(G_BUS_TYPE_SYSTEM, nil, &error)
        guard let bus = connected else {
            throw SleepInhibitor.Failure(description: "no system bus: \(Self.message(error))")
        }
        connection = bus
        let path = try sessionPath(sessionID: sessionID, bus: bus)
        subscription = g_dbus_connection_signal_subscribe(
            bus, "org.freedesktop.login1", "org.freedesktop.DBus.Properties", "PropertiesChanged", path,
            Self.sessionInterface, G_DBUS_SIGNAL_FLAGS_NONE,
            { _, _, _, _, _, parameters, me in
                guard let parameters, let me else { return }
                let changed = g_variant_get_child_value(parameters, 1)
                defer { g_variant_unref(changed) }
                guard let hint = g_variant_lookup_value(changed, "LockedHint", nil) else { return }
                defer { g_variant_unref(hint) }
                guard String(cString: g_variant_get_type_string(hint)) == "b" else { return }
                Unmanaged<SessionLockWatch>.fromOpaque(me).takeUnretainedValue().report(
                    .locked(g_variant_get_boolean(hint) != 0))
            }, Unmanaged.passUnretained(self).toOpaque(), nil)
        guard let hint = property(Self.sessionInterface, "LockedHint", of: path, bus: bus, type: "b") else {
            throw SleepInhibitor.Failure(description: "logind does not say whether session \(path) is locked")
        }
        defer { g_variant_unref(hint) }
        report(.locked(g_variant_get_boolean(hint) != 0))
    }

    /// `$XDG_SESSION_ID`'s session, else the user's display session.
    private func sessionPath(sessionID: String?, bus: OpaquePointer) throws(SleepInhibitor.Failure) -> String {
        if let sessionID {
            let reply = try call(
                bus, "/org/freedesktop/login1", "org.freedesktop.login1.Manager", "GetSession",
                [g_variant_new_string(sessionID)], reply: "(o)")
            defer { g_variant_unref(reply) }
            return Self.firstPath(reply)
        }
        let user = try call(
            bus, "/org/freedesktop/login1", "org.freedesktop.login1.Manager", "GetUser",
            [g_variant_new_uint32(getuid())], reply: "(o)")
        let userPath = Self.firstPath(user)
        g_variant_unref(user)
        guard let display = property("org.freedesktop.login1.User", "Display", of: userPath, bus: bus, type: "(so)")
        else { throw SleepInhibitor.Failure(description: "logind does not name the user's display session") }
        defer { g_variant_unref(display) }
        let path = Self.child(display, 1) { String(cString: g_variant_get_string($0, nil)) }
        guard path != "/" else {
            throw SleepInhibitor.Failure(description: "XDG_SESSION_ID is unset and the user has no display session")
        }
        return path
    }

    private func call(
        _ bus: OpaquePointer, _ path: String, _ interface: String, _ method: String, _ arguments: [OpaquePointer?],
        reply: String
    ) throws(SleepInhibitor.Failure) -> OpaquePointer {
        let tuple = arguments.withUnsafeBufferPointer { g_variant_new_tuple($0.baseAddress, gsize($0.count)) }
        let replyType = g_variant_type_new(reply)
        defer { g_variant_type_free(replyType) }
        var error: UnsafeMutablePointer<GError>?
        guard
            let answer = g_dbus_connection_call_sync(
                bus, "org.freedesktop.login1", path, interface, method, tuple, replyType, G_DBUS_CALL_FLAGS_NONE,
                SleepInhibitor.callTimeout, nil, &error)
        else { throw SleepInhibitor.Failure(description: "logind's \(method): \(Self.message(error))") }
        return answer
    }

    /// A property's value, or nil when logind does not give it with that type.
    private func property(_ interface: String, _ name: String, of path: String, bus: OpaquePointer, type: String)
        -> OpaquePointer?
    {
        guard
            let reply = try? call(
                bus, path, "org.freedesktop.DBus.Properties", "Get",
                [g_variant_new_string(interface), g_variant_new_string(name)], reply: "(v)")
        else { return nil }
        defer { g_variant_unref(reply) }
        let value = Self.child(reply, 0) { g_variant_get_variant($0) }
        guard let value, String(cString: g_variant_get_type_string(value)) == type else {
            if let value { g_variant_unref(value) }
            return nil
        }
        return value
    }

    private static func firstPath(_ reply: OpaquePointer) -> String {
        child(reply, 0) { String(cString: g_variant_get_string($0, nil)) }
    }

    private static func child<T>(_ tuple: OpaquePointer, _ index: Int, _ body: (OpaquePointer) -> T) -> T {
        let value = g_variant_get_child_value(tuple, gsize(index))!
        defer { g_variant_unref(value) }
        return body(value)
    }

    private static func message(_ error: UnsafeMutablePointer<GError>?) -> String {
        guard let error else { return "unknown" }
        defer { g_error_free(error) }
        return String(cString: error.pointee.message)
    }
}
