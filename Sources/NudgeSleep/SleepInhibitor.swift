import CGio
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A logind `sleep` inhibitor, held while something must ring: in block mode logind refuses idle
/// suspend, as it does for a video player or a backup (systemd's "Inhibitor Locks"); in delay
/// mode it holds a suspend back until the inhibitor is let go.
///
/// logind hands back a file descriptor; the inhibitor lasts as long as it is open, so a daemon
/// that dies drops it with no clean-up. Calls are synchronous on the caller's thread, bounded by
/// `callTimeout`, and made only when the reason changes. The system bus is the one
/// `DBUS_SYSTEM_BUS_ADDRESS` names, else the system's.
public final class SleepInhibitor {
    /// Why no inhibitor could be taken.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public var description: String
    }

    /// The reason of the inhibitor held, if any.
    public private(set) var reason: String?
    private var descriptor: Int32 = -1
    private var connection: OpaquePointer?

    public static let callTimeout: Int32 = 2000
    /// `block` refuses sleep; `delay` holds it back (logind's InhibitDelayMaxSec, 5 s by
    /// default) until let go, so that something can be said first.
    private let mode: String
    /// `sleep`, or `handle-lid-switch` (a closed lid does not suspend).
    private let what: String

    public init(what: String = "sleep", mode: String = "block") {
        self.what = what
        self.mode = mode
    }

    deinit {
        release()
        if let connection { g_object_unref(UnsafeMutableRawPointer(connection)) }
    }

    /// Holds an inhibitor that says `why`, replacing one held for another reason; nil releases.
    /// The new one is taken before the old one is let go, so that no gap lets the machine sleep.
    public func hold(_ why: String?) throws(Failure) {
        guard why != reason else { return }
        guard let why else { return release() }
        let taken = try inhibit(why: why)
        release()
        descriptor = taken
        reason = why
    }

    /// Whether logind answers on the system bus (`ListInhibitors`); takes nothing.
    public func checkLogind() throws(Failure) {
        let connection = try systemBus()
        var error: UnsafeMutablePointer<GError>?
        guard
            let reply = g_dbus_connection_call_sync(
                connection, "org.freedesktop.login1", "/org/freedesktop/login1", "org.freedesktop.login1.Manager",
                "ListInhibitors", nil, nil,
                G_DBUS_CALL_FLAGS_NONE, Self.callTimeout, nil, &error)
        else { throw Failure(description: "logind does not answer: \(Self.message(error))") }
        g_variant_unref(reply)
    }

    /// How long logind holds a sleep back for a delay inhibitor (its `InhibitDelayMaxUSec`,
    /// systemd's InhibitDelayMaxSec); nil when logind does not say.
    public func delayLimit() -> TimeInterval? {
        guard let connection = try? systemBus() else { return nil }
        let parameters = ["org.freedesktop.login1.Manager", "InhibitDelayMaxUSec"].map {
            (text: String) -> OpaquePointer? in g_variant_new_string(text)
        }
        let tuple = parameters.withUnsafeBufferPointer { g_variant_new_tuple($0.baseAddress, gsize($0.count)) }
        let replyType = g_variant_type_new("(v)")
        defer { g_variant_type_free(replyType) }
        var error: UnsafeMutablePointer<GError>?
        guard
            let reply = g_dbus_connection_call_sync(
                connection, "org.freedesktop.login1", "/org/freedesktop/login1", "org.freedesktop.DBus.Properties",
                "Get", tuple, replyType,
                G_DBUS_CALL_FLAGS_NONE, Self.callTimeout, nil, &error)
        else {
            if let error { g_error_free(error) }
            return nil
        }
        defer { g_variant_unref(reply) }
        let boxed = g_variant_get_child_value(reply, 0)
        defer { g_variant_unref(boxed) }
        let value = g_variant_get_variant(boxed)
        defer { g_variant_unref(value) }
        guard String(cString: g_variant_get_type_string(value)) == "t" else { return nil }
        return TimeInterval(g_variant_get_uint64(value)) / 1_000_000
    }

    private func release() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        reason = nil
    }

    private func inhibit(why: String) throws(Failure) -> Int32 {
        let connection = try systemBus()
        let parameters = [what, "nudge", why, mode].map { (text: String) -> OpaquePointer? in g_variant_new_string(text)
        }
        let tuple = parameters.withUnsafeBufferPointer { g_variant_new_tuple($0.baseAddress, gsize($0.count)) }
        let replyType = g_variant_type_new("(h)")
        defer { g_variant_type_free(replyType) }
        var fdList: UnsafeMutablePointer<GUnixFDList>?
        var error: UnsafeMutablePointer<GError>?
        guard
            let reply = g_dbus_connection_call_with_unix_fd_list_sync(
                connection, "org.freedesktop.login1", "/org/freedesktop/login1", "org.freedesktop.login1.Manager",
                "Inhibit",
                tuple, replyType, G_DBUS_CALL_FLAGS_NONE, Self.callTimeout, nil, &fdList, nil, &error)
        else { throw Failure(description: "logind refused or did not answer: \(Self.message(error))") }
        defer {
            g_variant_unref(reply)
            if let fdList { g_object_unref(fdList) }
        }
        let handle = g_variant_get_child_value(reply, 0)
        defer { g_variant_unref(handle) }
        guard let fdList else { throw Failure(description: "logind's answer carried no file descriptor") }
        // A copy of its own: the list closes its own when it goes.
        let descriptor = g_unix_fd_list_get(fdList, g_variant_get_handle(handle), &error)
        guard descriptor >= 0 else { throw Failure(description: "logind's file descriptor: \(Self.message(error))") }
        return descriptor
    }

    private func systemBus() throws(Failure) -> OpaquePointer {
        if let connection { return connection }
        var error: UnsafeMutablePointer<GError>?
        guard let bus = g_bus_get_sync(G_BUS_TYPE_SYSTEM, nil, &error) else {
            throw Failure(
                description: "no system bus (DBUS_SYSTEM_BUS_ADDRESS or the system's): \(Self.message(error))")
        }
        connection = bus
        return bus
    }

    private static func message(_ error: UnsafeMutablePointer<GError>?) -> String {
        guard let error else { return "unknown" }
        defer { g_error_free(error) }
        return String(cString: error.pointee.message)
    }
}
