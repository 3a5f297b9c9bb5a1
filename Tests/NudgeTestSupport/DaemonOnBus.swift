import Foundation
import Testing

/// Gives each test of a suite that runs the real daemon what every such suite needs: a
/// temporary directory for the store and a private session bus with a mock notification
/// server, made before the test and stopped after it, even when it fails. A `DaemonScenario`
/// reads them as `directory` and `bus`. List it after `.ownThread`, so that the bus is started
/// on the test's own thread. A suite that needs a server with other capabilities names them:
/// `.daemonOnBus(capabilities: "body")` is one without buttons.
///
/// ```swift
/// @Suite(.ownThread, .daemonOnBus)
/// struct CallEndToEndTests: DaemonScenario { ... }
/// ```
public struct DaemonOnBus: SuiteTrait, TestTrait, TestScoping {
    /// What the mock server says it can do; nil for NotificationBus's default.
    let capabilities: String?

    public var isRecursive: Bool { true }

    struct Fixture: Sendable {
        let directory: TemporaryDirectory
        let bus: NotificationBus
    }

    @TaskLocal static var current: Fixture?

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        // Called for the suite too (no test case): each test gets its own.
        guard testCase != nil else { return try await function() }
        let bus = try capabilities.map { try NotificationBus(capabilities: $0) } ?? NotificationBus()
        let fixture = Fixture(directory: TemporaryDirectory(), bus: bus)
        try await Self.$current.withValue(fixture) { try await function() }
    }

    /// The test's directory, for a suite's initializer (where `self.directory` cannot be read
    /// before its stored properties are set).
    public static var directory: TemporaryDirectory { fixture.directory }
    public static var bus: NotificationBus { fixture.bus }

    private static var fixture: Fixture {
        guard let current else { preconditionFailure("a DaemonScenario suite without its own bus needs .daemonOnBus") }
        return current
    }
}

extension Trait where Self == DaemonOnBus {
    public static var daemonOnBus: Self { DaemonOnBus(capabilities: nil) }

    /// A server that says it can do `capabilities` only (GetCapabilities' words, spaced).
    public static func daemonOnBus(capabilities: String) -> Self { DaemonOnBus(capabilities: capabilities) }
}
