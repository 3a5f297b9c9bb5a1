import Foundation
import NudgeCore
import NudgeStore
import NudgeSystem

/// Everything a command touches from the outside world, built once from the process.
struct CommandContext {
    var storePath: String
    var clock: DaemonClock
    var timeZone: ZoneRules
    var systemTimeZone: SystemTimeZone

    init(_ options: GlobalOptions, environment: [String: String] = ProcessInfo.processInfo.environment) {
        storePath = StoreLocation.resolve(option: options.store, environment: environment)
        clock = DaemonClock(startingAt: environment["NUDGE_FAKE_NOW"].flatMap(Timestamp.parse))
        systemTimeZone = SystemTimeZone(environment: environment)
        timeZone = systemTimeZone.current()
    }

    var now: Date { clock.now() }
    var wallClock: WallClock { WallClock(zone: timeZone) }

    /// How an instant was understood, for confirmations: `22:10 yesterday, 2026-11-21 22:10 EST`.
    func understood(_ instant: Date) -> String { InstantInput.describe(instant, now: now, clock: wallClock) }

    func openStore() throws -> Store {
        do { return try Store(path: storePath, now: now) } catch { throw CommandFailure(error) }
    }
}

/// A failure after the input was accepted: one line, and an exit code from sysexits.h.
struct CommandFailure: Error {
    var message: String
    var exitCode: Int32

    init(_ message: String, exitCode: Int32 = 1) {
        self.message = message
        self.exitCode = exitCode
    }

    init(_ error: StoreError) {
        switch error {
        case .notADatabase, .newerSchema, .unusable, .damaged: self.init(error.description, exitCode: 65)  // EX_DATAERR
        case .notWritable: self.init(error.description, exitCode: 77)  // EX_NOPERM
        case .cannotOpen, .cannotCreateDirectory: self.init(error.description, exitCode: 66)  // EX_NOINPUT
        case .failed: self.init(error.description, exitCode: 74)  // EX_IOERR
        }
    }
}

extension Store {
    /// Store errors as command failures, so `run()` bodies stay one `try` deep.
    @discardableResult
    func run<T>(_ body: (Store) throws -> T) throws -> T {
        do { return try body(self) } catch let error as StoreError { throw CommandFailure(error) }
    }
}
