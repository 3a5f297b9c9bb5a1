import Foundation
import NudgeCore
import NudgeTestSupport
import Testing

@testable import NudgeStore

/// How the daemon tells nudge's own restore from a backup copied over the store (hostile round
/// 30 on issue 39: its log blamed `cp BACKUP STORE` for `nudge restore --latest`).
@Suite(.timeLimit(.minutes(2)))
struct PutInPlaceByRestoreTests {
    let directory = TemporaryDirectory()
    var path: String { directory.file("nudge.sqlite") }
    let now = Timestamp.parse("2026-11-24T20:00:00Z")!

    @Test func aRestoredStoreSaysSoAndACopiedBackupDoesNot() throws {
        _ = try Store(path: path).addSymptom(name: "headache", severity: 3, notes: nil, loggedAt: now, now: now)
        let backup = try Store(path: path).backUp(into: path + ".backups", at: now)
        #expect(!StoreOverwrite.isPutInPlaceByRestore(path), "a store never restored")
        let copied = directory.file("copied.sqlite")
        try FileManager.default.copyItem(atPath: backup.path, toPath: copied)
        #expect(!StoreOverwrite.isPutInPlaceByRestore(copied), "a backup copied as it is (cp BACKUP STORE)")
        _ = try Store.restore(path, from: backup.path, keepingCurrentAt: path + ".kept", now: now)
        #expect(StoreOverwrite.isPutInPlaceByRestore(path), "the store nudge restore put in place")
    }
}
