import CLibnotify

/// Which notification server owns the name, in one form for the notifier and the Do Not
/// Disturb watch: a daemon compares the one it finds with the one the store recorded, and a
/// server restarted (a new unique name) or a new session (a new bus) is another.
enum NotificationServerOwner {
    /// The bus's GUID and the owner's unique name, nil when GLib gives either none.
    static func of(_ connection: OpaquePointer?, _ nameOwner: UnsafePointer<CChar>?) -> String? {
        guard let connection, let guid = g_dbus_connection_get_guid(connection), let nameOwner else { return nil }
        return "\(String(cString: guid)) \(String(cString: nameOwner))"
    }
}
