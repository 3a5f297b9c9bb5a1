import Foundation
import Logging
import NudgeCore
import NudgeStore
import NudgeTestSupport
import Testing

@testable import NudgeDaemon

#if canImport(Glibc)
    import Glibc
#endif

/// The store's upkeep alone: a stop waits for what runs, and the checkpoint's own write is
/// told apart from anyone else's.
struct StoreUpkeepTests {
    let directory = TemporaryDirectory()
    let now = Timestamp.parse("2026-11-21T20:00:00Z")!
    let events: EventQueue

    init() throws { events = try EventQueue() }

    func upkeep() throws -> StoreUpkeep {
        let path = directory.file("nudge.sqlite")
        return try StoreUpkeep(store: Store(path: path, now: now), storePath: path, events: events, logger: .quiet)
    }

    /// Whether `descriptor` became readable within `seconds`.
    func readable(_ descriptor: Int32, within seconds: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, seconds * 1000) == 1
    }

    /// A daemon that stops with the backup running leaves after it, with its outcome in hand:
    /// its file is whole.
    @Test func aStopWaitsForTheRunningBackup() throws {
        let upkeep = try upkeep()
        let due = upkeep.backups.keep(
            settings: Settings(), starting: true, now: now, dataVersion: 0, wallClock: WallClock(zone: .system("UTC")))
        #expect(due == nil, "started, not planned for later")
        upkeep.waitForRunning()
        let backedUp = events.drain().contains {
            if case .backedUp(let outcome) = $0 { outcome.backup != nil } else { false }
        }
        #expect(backedUp)
    }

    /// Another process's write arms the checkpoint and is re-checked; the checkpoint's own write
    /// (the `-wal` emptied) is neither.
    @Test func theCheckpointsOwnWriteIsNotAnotherWrite() throws {
        let upkeep = try upkeep()
        #expect(upkeep.storeChanged() == false)
        #expect(readable(upkeep.checkpoints.timer.descriptor, within: 10), "the checkpoint was armed")
        _ = upkeep.checkpoints.onTimer()
        #expect(readable(events.descriptor, within: 10), "the checkpoint ended")
        for case .checkpointed(let outcome) in events.drain() { upkeep.checkpoints.checkpointed(outcome) }
        #expect(upkeep.storeChanged() == true)
        upkeep.waitForRunning()
    }
}
