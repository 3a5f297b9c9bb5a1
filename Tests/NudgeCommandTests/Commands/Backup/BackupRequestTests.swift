import Foundation
import NudgeCommands
import NudgeReports
import NudgeStore
import NudgeTestSupport
import Testing

/// Backup and restore's requests, called as the executable calls them: a backup into the
/// backup directory that `--latest` restores, and the refusals that leave the store alone.
@Suite struct BackupRequestTests {
    let directory = TemporaryDirectory()
    var store: String { directory.file("nudge.sqlite") }

    @Test func aBackupTakenIsTheOneTheLatestRestores() throws {
        let said = RequestContext(store: store, environment: ["TZ": "UTC", "NUDGE_FAKE_NOW": "2026-11-22T20:00:00Z"])
        _ = try Store(path: store)
        try BackupTake(output: nil).run(said.context)
        let taken = try #require(said.lastLine)
        #expect(
            taken.hasPrefix("backed up the store to \(store).backups/") && taken.contains("checked: ok"), "\(taken)")
        try BackupRestore(file: nil, latest: true, yes: true).run(said.context)
        let restored = try #require(said.lastLine)
        #expect(
            restored.hasPrefix("restored the backup of 2026-11-22 20:00")
                && restored.contains("the store before the restore is kept at \(store).before-restore-"),
            "\(restored)")
    }

    @Test func theStoreItselfIsRefusedAsTheBackupOrItsOutput() throws {
        let said = RequestContext(store: store)
        _ = try Store(path: store)
        let asOutput = #expect(throws: UsageRefusal.self) { try BackupTake(output: store).run(said.context) }
        #expect(asOutput?.message.contains("is the store or one of its files") == true)
        let asBackup = #expect(throws: UsageRefusal.self) {
            try BackupRestore(file: store, latest: false, yes: true).run(said.context)
        }
        #expect(
            asBackup?.message == "'\(store)' is the store itself; give one of its backups (nudge backups lists them)")
        #expect(!FileManager.default.fileExists(atPath: store + ".backups"))
    }
}
