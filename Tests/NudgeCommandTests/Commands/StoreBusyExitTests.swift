import NudgeCommands
import NudgeReports
import NudgeStore
import Testing

/// A lock another program held past nudge's wait is exit 75, try again later, as README's exit
/// codes say (hostile round 27 on issue 39: 74 for a write, 66 with "set NUDGE_STORE to another
/// store's path" for an open). The minute's wait itself is `LockHeldTooLongTests`'.
struct StoreBusyExitTests {
    @Test func aLockHeldPastTheWaitExitsSeventyFive() {
        let failure = CommandFailure(StoreError.busy(path: "/s"), namedBy: "NUDGE_STORE")
        #expect(failure.exitCode == 75)
        #expect(failure.message.hasSuffix("try again when it has finished") && !failure.message.contains("--store"))
    }
}
