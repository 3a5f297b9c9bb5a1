import Foundation
import Testing

/// An end-to-end test of the real `nudge` binary: a directory with a store, a private bus with
/// the mock notification server, and the environment the processes get.
public protocol DaemonScenario {
    var directory: TemporaryDirectory { get }
    var bus: NotificationBus { get }
    /// The suite's variables (TZ, the store, the bus); an empty value removes a variable.
    var environment: [String: String] { get }
}

extension DaemonScenario {
    /// The test's own, from `.daemonOnBus`.
    public var directory: TemporaryDirectory { DaemonOnBus.directory }
    /// The test's own, from `.daemonOnBus`.
    public var bus: NotificationBus { DaemonOnBus.bus }
    /// New York's zone, the store and the bus: what most suites run in.
    public var environment: [String: String] {
        ["TZ": "America/New_York", "NUDGE_STORE": store, "DBUS_SESSION_BUS_ADDRESS": bus.address]
    }

    public var store: String { directory.file("nudge.sqlite") }

    /// Runs a command (at `fakeNow` on the injected clock, if given, else at the suite's now:
    /// its environment's NUDGE_FAKE_NOW, or `TestClock`'s) and expects it to succeed.
    @discardableResult
    public func nudge(
        _ arguments: String..., at fakeNow: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> CommandResult {
        var environment = self.environment
        if let fakeNow { environment["NUDGE_FAKE_NOW"] = fakeNow }
        let result = try NudgeBinary.run(arguments, environment: environment)
        #expect(result.status == 0, "\(arguments): \(result)", sourceLocation: sourceLocation)
        return result
    }

    /// Runs a command that may be refused, for its exit status and output.
    public func attempt(_ arguments: String...) throws -> CommandResult {
        try NudgeBinary.run(arguments, environment: environment)
    }

    /// Starts `nudge daemon --log-level debug`, its stderr in the file `log`.
    public func startDaemon(
        at fakeNow: String? = nil, environment overrides: [String: String] = [:], log: String = "daemon.err"
    ) throws -> Spawned {
        var environment = self.environment.merging(overrides) { $1 }
        if let fakeNow { environment["NUDGE_FAKE_NOW"] = fakeNow }
        return try Subprocess.spawn(
            NudgeBinary.path, ["daemon", "--log-level", "debug"], environment: NudgeBinary.environment(environment),
            stderrPath: directory.file(log))
    }

    /// Starts the daemon and waits until it has made its first plan.
    public func runningDaemon(sourceLocation: SourceLocation = #_sourceLocation) throws -> Spawned {
        let daemon = try startDaemon()
        #expect(
            daemon.waitForEvent("rescheduled", ["reason": "start"]), "\(daemon.stderr)", sourceLocation: sourceLocation)
        return daemon
    }

    public func rows(_ sql: String) throws -> [[String: String]] {
        try StoreQuery.rows(store, sql)
    }

    public func delivery(_ key: String) throws -> [String: String]? {
        try rows("SELECT * FROM reminder_deliveries WHERE reminder_key = '\(key)'").first
    }

    /// Waits, woken by the store's own file events, until `condition` holds.
    public func waitForStore(timeout: TimeInterval = 15, _ condition: () -> Bool) -> Bool {
        FileEvents.waitUntil(watching: [directory.path], timeout: timeout, condition)
    }
}
