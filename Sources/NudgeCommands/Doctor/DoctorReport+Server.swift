import NudgeNotifier
import NudgeReports

extension DoctorReport {
    /// The session bus, the notification server on it, and what that server can do: buttons,
    /// markup, a list of unanswered notifications, and whether it plays the gentle sounds.
    static func serverFindings(environment: [String: String]) -> [Finding] {
        let server = LibnotifyNotifier(onEvent: { _ in }).describeServer()
        let address = environment["DBUS_SESSION_BUS_ADDRESS"]
        guard server.busConnected else {
            return [
                .problem(
                    "session bus: none (DBUS_SESSION_BUS_ADDRESS is \(address.map { "'\($0)'" } ?? "unset"))",
                    fix:
                        "run nudge inside your desktop session, or from its systemd user manager (contrib/systemd/nudge.service)"
                )
            ]
        }
        let bus = Finding.fine("session bus: \(address ?? "connected")")
        guard let name = server.name else {
            return [
                bus,
                .problem(
                    "notification server: none owns org.freedesktop.Notifications on the bus",
                    fix: "start one (dunst, or your desktop's), or log in to a desktop session"),
            ]
        }
        let capabilities = Set(server.capabilities)
        return [
            bus,
            .fine(
                "notification server: \(name) \(server.version ?? "") (\(server.vendor ?? "unknown vendor"), spec \(server.specification ?? "?"))"
            ),
            capabilities.contains("actions")
                ? .fine("buttons: yes (capability actions)")
                : .problem(
                    "buttons: no (the server lacks the actions capability)",
                    fix:
                        "answer with nudge ack ID ANSWER (the notification says how), or use a server with buttons (dunst, GNOME, KDE)"
                ),
            .fine("body markup: \(capabilities.contains("body-markup") ? "yes" : "no, text is shown as typed")"),
            .fine(
                "persistence: \(capabilities.contains("persistence") ? "yes, unanswered notifications stay in the server's list" : "no")"
            ),
            .fine(
                "server sounds: \(capabilities.contains("sound") ? "yes (capability sound): it plays the gentle reminder sound" : "no: nudge plays the gentle reminder sound itself")"
            ),
        ]
    }
}
