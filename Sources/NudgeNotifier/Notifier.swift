import NudgeCore

/// Shows notifications and reports what the person and the server did with them.
///
/// The daemon sees only this protocol; `LibnotifyNotifier` is the real one, tests may use another.
public protocol Notifier: AnyObject, Sendable {
    /// Shows a notification, or updates `replacing` in place; returns the server's id once the
    /// server accepted it.
    func show(_ content: NotificationContent, replacing: UInt32?) throws(NotifierError) -> UInt32

    /// Shows without waiting for the server: `done` gets its id, or why not, on the notifier's
    /// own thread (or at once, on the caller's, for a notifier that never waits).
    func show(
        _ content: NotificationContent, replacing: UInt32?,
        done: @escaping @Sendable (Result<UInt32, NotifierError>) -> Void)

    /// Asks the server to close a notification it is showing, without waiting for it.
    func close(_ notificationID: UInt32)

    /// Waits, at most `timeout`, until what was asked of the server so far has left this
    /// process: one about to exit or exec would otherwise drop a close it asked for.
    func flush(timeout: Duration)

    /// Whether the server's capabilities are known, so `bodyText`, `playsSounds` and
    /// `showsActions` say what it does rather than a guess.
    var knowsServer: Bool { get }

    /// Asks the server what it can do, without waiting; the answer comes as `serverReachable`
    /// or `serverUnreachable`.
    func learnServer()

    /// How typed text must be put into a body for the current server.
    var bodyText: BodyText { get }

    /// Whether the current server plays a notification's sound (the `sound` capability).
    var playsSounds: Bool { get }

    /// Whether the current server shows action buttons.
    var showsActions: Bool { get }
}

/// What comes back from the notification server, in the order it arrived.
public enum NotifierEvent: Sendable, Equatable {
    case actionInvoked(notificationID: UInt32, action: String)
    /// Text typed into the notification (KDE's `NotificationReplied`).
    case replied(notificationID: UInt32, text: String)
    case closed(notificationID: UInt32, reason: CloseReason)
    /// A notification server now owns the name (at start, or after a restart). `owner` tells
    /// one server from another: the bus's GUID (new for each bus, and so each session) and the
    /// server's unique name on it (new for each process); nil when the notifier cannot tell.
    case serverAppeared(owner: String?)
    /// The server answered `learnServer`: its capabilities are known.
    case serverReachable
    /// Nothing answered `learnServer`, and why.
    case serverUnreachable(String)
    case serverVanished
    /// The session bus itself went away (the session ended): nothing can be shown or heard.
    case busClosed
    /// There is no session bus to reach (DBUS_SESSION_BUS_ADDRESS unset, or nothing there), and
    /// so no notification server either; with GLib's reason.
    case noSessionBus(String)
}

extension Notifier {
    /// A notifier that asks nothing of a bus has nothing to send.
    public func flush(timeout: Duration) {}

    public func show(
        _ content: NotificationContent, replacing: UInt32?,
        done: @escaping @Sendable (Result<UInt32, NotifierError>) -> Void
    ) {
        done(Result { () throws(NotifierError) in try show(content, replacing: replacing) })
    }

    public var knowsServer: Bool { true }

    public func learnServer() {}
}

public struct NotifierError: Error, Equatable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}

/// What is on the session bus, as `nudge doctor` reports it.
public struct ServerDescription: Sendable, Equatable {
    public var busConnected: Bool
    public var name: String?
    public var vendor: String?
    public var version: String?
    public var specification: String?
    public var capabilities: [String] = []

    public init(
        busConnected: Bool, name: String? = nil, vendor: String? = nil, version: String? = nil,
        specification: String? = nil,
        capabilities: [String] = []
    ) {
        self.busConnected = busConnected
        self.name = name
        self.vendor = vendor
        self.version = version
        self.specification = specification
        self.capabilities = capabilities
    }
}
