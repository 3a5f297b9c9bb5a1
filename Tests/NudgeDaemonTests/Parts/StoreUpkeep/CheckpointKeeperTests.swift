import Foundation
import Logging
import NudgeStore
import NudgeTestSupport
import Testing

@testable import NudgeDaemon

/// The checkpoint keeper alone: how often a reader may hold the checkpoint back.
struct CheckpointKeeperTests {
    let directory = TemporaryDirectory()

    func keeper() throws -> CheckpointKeeper {
        let path = directory.file("nudge.sqlite")
        return try CheckpointKeeper(
            store: Store(path: path), storePath: path, events: EventQueue(), logger: .quiet)
    }

    /// A minute's worth of retries (12 at a second), then none until the next change.
    @Test func aReaderHoldsTheCheckpointBackTwelveTimesInARowAtMost() throws {
        let keeper = try keeper()
        for time in 1...11 {
            keeper.checkpointed(.success(.busy))
            #expect(keeper.retries == time)
        }
        keeper.checkpointed(.success(.busy))
        #expect(keeper.retries == 0)
    }

    @Test func aFailureEndsTheRetries() throws {
        let keeper = try keeper()
        keeper.checkpointed(.success(.busy))
        keeper.checkpointed(.success(.busy))
        #expect(keeper.retries == 2)
        keeper.checkpointed(.failure(.failed(path: "nudge.sqlite", reason: "disk I/O error")))
        #expect(keeper.retries == 0)
    }
}
