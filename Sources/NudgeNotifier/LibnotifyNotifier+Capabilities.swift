import CLibnotify
import Synchronization

/// The capability probe, on the GLib thread: what the server says it can do (markup, actions,
/// sound, inline reply, persistence), kept for the daemon's side to read without asking.
extension LibnotifyNotifier {
    /// Asks the server for its capabilities (which starts a D-Bus-activated server); on failure
    /// they stay unknown.
    @discardableResult
    func refreshCapabilities() -> Result<Set<String>, NotifierError> {
        guard let connection else {
            return .failure(NotifierError("no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS is unset or unreachable)"))
        }
        var error: UnsafeMutablePointer<GError>?
        guard
            let reply = g_dbus_connection_call_sync(
                connection, Self.serverName, Self.serverPath, Self.serverName, "GetCapabilities", nil, nil,
                G_DBUS_CALL_FLAGS_NONE, -1, nil, &error)
        else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            g_error_free(error)
            return .failure(NotifierError(message))
        }
        defer { g_variant_unref(reply) }
        guard type(of: reply) == "(as)" else {
            return .failure(NotifierError("the server's capabilities are not a list"))
        }
        let list = g_variant_get_child_value(reply, 0)
        defer { g_variant_unref(list) }
        var names: Set<String> = []
        for index in 0..<g_variant_n_children(list) {
            let name = g_variant_get_child_value(list, index)
            names.insert(String(cString: g_variant_get_string(name, nil)))
            g_variant_unref(name)
        }
        capabilities.withLock {
            $0 = (
                true, names.contains("body-markup"), names.contains("actions"), names.contains("sound"),
                names.contains("inline-reply"), names.contains("persistence")
            )
        }
        return .success(names)
    }
}
