import Foundation
import GRDB
import NudgeCore
import Testing

@testable import NudgeStore

/// Another program holding the store's lock longer than nudge waits (hostile round 27 on issue
/// 39): said as a wait to try again (exit 75), never as a store to choose instead, and "up to
/// 60 s" is the whole command's wait, however many of its statements find the lock taken.
struct LockHeldTooLongTests {
    @Test(arguments: [ResultCode.SQLITE_BUSY, .SQLITE_LOCKED], [true, false])
    func aLockHeldPastTheWaitIsATryAgain(code: ResultCode, opening: Bool) {
        let error = Store.failure(
            DatabaseError(resultCode: code, message: "database is locked"), path: "/s", opening: opening)
        #expect(error == .busy(path: "/s"))
        let said = error.described(namedBy: "NUDGE_STORE")
        #expect(
            said
                == "another program held the lock on the store /s (from NUDGE_STORE) for over 60 s; nothing was changed; try again when it has finished"
        )
        #expect(!said.contains("another store"))
    }

    /// A second statement's wait counts from the first's start: once the first has used the
    /// whole wait, the next gives up at once.
    @Test(.timeLimit(.minutes(1))) func theWaitIsOneForAllTheStatements() {
        let wait = LockWait.Wait({}, longest: 0.2)
        let started = Date()
        var tries = 0
        while wait.goesOn(firstTry: tries == 0) { tries += 1 }
        #expect(Date().timeIntervalSince(started) >= 0.2)
        #expect(!wait.goesOn(firstTry: true), "a second statement waited again from the start")
    }
}
