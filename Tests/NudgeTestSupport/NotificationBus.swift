import Foundation

/// A private session bus with python-dbusmock serving org.freedesktop.Notifications, for one test.
public final class NotificationBus: @unchecked Sendable {
    public let address: String
    public let directory: TemporaryDirectory
    public var logPath: String { directory.file("calls.log") }
    private let daemon: Spawned
    private var mock: Spawned?

    public init(capabilities: String = "body actions body-markup persistence") throws {
        directory = TemporaryDirectory("nudge-bus")
        (daemon, address) = try PrivateBus.start(in: directory)
        try startServer(capabilities: capabilities)
    }

    /// (Re)starts the mock server; its Notify ids start at 1 again, as a restarted server's may,
    /// and its call log starts empty. The previous server's log is removed first: the mock owns
    /// the name before it opens (and empties) the log, so a wait begun in between saw the old
    /// server's Notify and took it for the new one's.
    public func startServer(capabilities: String = "body actions body-markup persistence") throws {
        try? FileManager.default.removeItem(atPath: logPath)
        mock = try Subprocess.spawn(
            "/usr/bin/python3",
            [
                "-m", "dbusmock", "--session", "-t", "notification_daemon", "-p",
                "{\"capabilities\": \"\(capabilities)\"}", "-l", logPath,
            ],
            environment: ["DBUS_SESSION_BUS_ADDRESS": address, "PATH": "/usr/bin:/bin"],
            stderrPath: directory.file("mock.err"))
        let waited = try gdbus(["wait", "--session", "--timeout", "20", "org.freedesktop.Notifications"])
        guard waited.status == 0 else { throw BusError("the mock notification server did not appear: \(waited)") }
    }

    /// The calls the mock logged and what it and the bus printed, for a failure's message.
    public var diagnostics: String {
        [logPath, directory.file("mock.err"), directory.file("dbus.err")].map { path in
            "\((path as NSString).lastPathComponent): "
                + ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "(none)")
        }.joined(separator: "\n")
    }

    /// SIGKILL: the fixtures inherit the test runner's blocked signals, so SIGTERM would wait.
    public func stopServer() {
        mock?.signal(SIGKILL)
        _ = mock?.waitForExit(timeout: 10)
        mock = nil
    }

    /// SIGSTOP: the server owns its name but answers nothing, as a hung one does; its calls
    /// wait on the bus until `resumeServer`.
    public func pauseServer() {
        mock?.signal(SIGSTOP)
    }

    public func resumeServer() {
        mock?.signal(SIGCONT)
    }

    /// The logged calls, one entry each: a body with a newline spans lines in the log.
    private func entries() -> [String] {
        var log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
        while log.hasSuffix("\n") { log.removeLast() }
        var entries: [String] = []
        for line in log.split(separator: "\n", omittingEmptySubsequences: false) {
            let stamp = line.prefix { $0 != " " }
            if !stamp.isEmpty, stamp.allSatisfy({ $0.isNumber || $0 == "." }) || entries.isEmpty {
                entries.append(String(line))
            } else if !entries.isEmpty {
                entries[entries.count - 1] += "\n" + line
            }
        }
        return entries
    }

    /// Every Notify call the server received, oldest first.
    public func notifyCalls() -> [NotifyCall] {
        entries().compactMap { NotifyCall(logLine: $0) }
    }

    /// The ids the server was asked to close (CloseNotification), oldest first.
    public func closeCalls() -> [UInt32] {
        entries().compactMap { line in
            let words = line.split(separator: " ")
            return words.count == 3 && words[1] == "CloseNotification" ? UInt32(words[2]) : nil
        }
    }

    /// Waits until the server was asked to close `id`.
    public func waitForClose(_ id: UInt32, timeout: TimeInterval = 15) -> Bool {
        FileEvents.waitUntil(watching: [directory.path], timeout: timeout) { closeCalls().contains(id) }
    }

    /// Waits until the server has received at least `count` Notify calls.
    public func waitForNotify(count: Int = 1, timeout: TimeInterval = 15) -> [NotifyCall] {
        var calls: [NotifyCall] = []
        FileEvents.waitUntil(watching: [directory.path], timeout: timeout) {
            calls = notifyCalls()
            return calls.count >= count
        }
        return calls
    }

    /// Plays a click on an action button, as the server would report it.
    public func invokeAction(_ action: String, on id: UInt32) throws {
        try emit("ActionInvoked", signature: "us", arguments: "[<uint32 \(id)>, <'\(action)'>]")
    }

    /// Plays text typed into a notification's field (KDE's inline reply). The text is a GVariant
    /// string literal: single quotes and backslashes escaped.
    public func reply(_ text: String, on id: UInt32) throws {
        let literal = text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
        try emit("NotificationReplied", signature: "us", arguments: "[<uint32 \(id)>, <'\(literal)'>]")
    }

    /// Plays the server closing a notification (2: dismissed by the person).
    public func close(_ id: UInt32, reason: UInt32) throws {
        try emit("NotificationClosed", signature: "uu", arguments: "[<uint32 \(id)>, <uint32 \(reason)>]")
    }

    private func emit(_ signal: String, signature: String, arguments: String) throws {
        let result = try gdbus([
            "call", "--session", "--dest", "org.freedesktop.Notifications", "--object-path",
            "/org/freedesktop/Notifications",
            "--method", "org.freedesktop.DBus.Mock.EmitSignal", "--", "org.freedesktop.Notifications", signal,
            signature, arguments,
        ])
        guard result.status == 0 else { throw BusError("EmitSignal \(signal) failed: \(result)") }
    }

    private func gdbus(_ arguments: [String]) throws -> CommandResult {
        try Subprocess.run("/usr/bin/gdbus", arguments, environment: ["DBUS_SESSION_BUS_ADDRESS": address], timeout: 30)
    }

    /// Stops the server and the bus. A bus kept in a `static` is never deinitialized: its
    /// owner calls this at exit, so that no run leaves a process behind.
    public func shutdown() {
        stopServer()
        daemon.signal(SIGKILL)
        _ = daemon.waitForExit(timeout: 10)
        try? FileManager.default.removeItem(atPath: directory.path)
    }

    deinit { shutdown() }
}

public struct BusError: Error, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
}

/// One Notify call as python-dbusmock logs it:
/// `TIME Notify "app" REPLACES "icon" "summary" "body" [actions] {hints} TIMEOUT`.
public struct NotifyCall: Sendable, Equatable {
    public var time: Double
    public var appName: String
    public var replacesID: UInt32
    public var summary: String
    public var body: String
    /// Action keys and labels, alternating, as the spec sends them.
    public var actions: [String]
    public var hints: String
    /// The expire timeout asked for: -1 the server's default, 0 never.
    public var expireTimeout: Int32

    init?(logLine line: String) {
        let pattern = #/^([0-9.]+) Notify "(.*?)" (\d+) "(.*?)" "(.*?)" "(.*)" \[(.*?)\] \{(.*)\} (-?\d+)$/#
            .dotMatchesNewlines()
        guard let match = line.wholeMatch(of: pattern), let time = Double(match.1), let replaces = UInt32(match.3),
            let timeout = Int32(match.9)
        else { return nil }
        expireTimeout = timeout
        self.time = time
        appName = String(match.2)
        replacesID = replaces
        summary = String(match.5)
        body = String(match.6)
        actions =
            match.7.isEmpty
            ? [] : match.7.split(separator: ", ").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
        hints = String(match.8)
    }
}
