import CGio
import Foundation
import NudgeGLib

/// logind's `PrepareForSleep` on the system bus, heard on a GLib thread of its own: `true` just
/// before the machine sleeps (while delay inhibitors hold it back), `false` once it resumed.
public final class SleepWatch: @unchecked Sendable {
    private let glib = GLibThread(name: "nudge-logind")
    private let onChange: @Sendable (Bool) -> Void
    private var connection: OpaquePointer?
    private var subscription: guint = 0

    public init(onChange: @escaping @Sendable (Bool) -> Void) throws(SleepInhibitor.Failure) {
        self.onChange = onChange
        // On a failure deinit still runs, and stops the thread.
        if let failure = glib.perform({ [self] in subscribe() }) { throw SleepInhibitor.Failure(description: failure) }
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

    /// On the GLib thread, so that the signal is delivered to its main context.
    private func subscribe() -> String? {
        var error: UnsafeMutablePointer<GError>?
        guard let bus = g_bus_get_sync(G_BUS_TYPE_SYSTEM, nil, &error) else {
            defer { g_error_free(error) }
            return "no system bus: " + (error.map { String(cString: $0.pointee.message) } ?? "unknown")
        }
        connection = bus
        subscription = g_dbus_connection_signal_subscribe(
            bus, "org.freedesktop.login1", "org.freedesktop.login1.Manager", "PrepareForSleep",
            "/org/freedesktop/login1", nil,
            G_DBUS_SIGNAL_FLAGS_NONE,
            { _, _, _, _, _, parameters, me in
                guard let parameters, let me else { return }
                let child = g_variant_get_child_value(parameters, 0)
                let starting = g_variant_get_boolean(child) != 0
                g_variant_unref(child)
                Unmanaged<SleepWatch>.fromOpaque(me).takeUnretainedValue().onChange(starting)
            }, Unmanaged.passUnretained(self).toOpaque(), nil)
        return nil
    }
}
