import Foundation
import Testing

/// Gives each test of a suite that runs the real daemon what every such suite needs: a
/// temporary directory for the store and a private session bus with a mock notification
/// server, made before the test and stopped after it, even when it fails. A `DaemonScenario`
/// reads them as `directory` and `bus`. List it after `.ownThread`, so that the bus is started
/// on the test's own thread.
///
/// ```swift
/// @Suite(.ownThread, .timeLimit(.minutes(5)), .daemonOnBus)
/// struct CallEndToEndTests: DaemonScenario { ... }
/// ```
public struct DaemonOnBus: SuiteTrait, TestTrait, TestScoping {
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
        let fixture = Fixture(directory: TemporaryDirectory(), bus: try NotificationBus())
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
    public static var daemonOnBus: Self { DaemonOnBus() }
}
