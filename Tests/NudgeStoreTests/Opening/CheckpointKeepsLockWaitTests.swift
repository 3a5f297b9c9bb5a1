import Foundation
import GRDB
import NudgeCore
import NudgeTestSupport
import Synchronization
import Testing

@testable import NudgeStore

/// A connection that empties the `-wal` sets SQLite's wait to 0 for that checkpoint, which
/// replaced a command's own wait, the one that tells the person (hostile round 30 on issue 39):
/// the next lock it met failed at once, untold. It is put back after.
@Suite(.hangBound(minutes: 2)) struct CheckpointKeepsLockWaitTests {
    let directory = TemporaryDirectory()
    var path: String { directory.file("nudge.sqlite") }

    @Test func aCommandsConnectionWaitsAndSaysSoAfterEmptyingTheLog() throws {
        _ = try Store(path: path)
        let heard = WaitEvents()
        let store = try LockWait.$listener.withValue(LockWait.Listener { heard.happened(.told) }) {
            try Store(path: path)
        }
        #expect(try store.emptyWriteAheadLogIfIdle())
        var holding = Configuration()
        holding.allowsUnsafeTransactions = true
        let holder = try DatabaseQueue(path: path, configuration: holding)
        try holder.writeWithoutTransaction { db in try db.execute(sql: "BEGIN IMMEDIATE") }
        let writing = Thread {
            do {
                try store.setSetting(BackupPolicy.enabled, to: "false", at: Date())
                heard.happened(.written)
            } catch {
                heard.happened(.failed("\(error)"))
            }
        }
        writing.start()
        #expect(heard.next(timeout: 30) == .told, "the write waited, and said so, rather than fail at once")
        try holder.writeWithoutTransaction { db in try db.execute(sql: "COMMIT") }
        #expect(heard.next(timeout: 60) == .written)
        #expect(try Store(readingOnly: path).settings()[BackupPolicy.enabled] == "false")
    }
}

/// What a waiting write and its listener did, in order.
private final class WaitEvents: Sendable {
    enum Event: Equatable, Sendable {
        case told, written
        case failed(String)
    }

    private let events = Mutex<[Event]>([])
    private let arrived = DispatchSemaphore(value: 0)

    func happened(_ event: Event) {
        events.withLock { $0.append(event) }
        arrived.signal()
    }

    /// The next event, or nil when none came within `timeout` seconds.
    func next(timeout: TimeInterval) -> Event? {
        guard arrived.wait(timeout: .now() + timeout) == .success else { return nil }
        return events.withLock { $0.removeFirst() }
    }
}
