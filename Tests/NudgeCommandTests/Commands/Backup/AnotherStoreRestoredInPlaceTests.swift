import Foundation
import GRDB
import NudgeStore
import NudgeTestSupport
import Testing

/// Another program restores another store into this store's file in place (`sqlite3 .restore`;
/// hostile round 20 on issue 39): the file now says the other store's `backup.directory` (the
/// default), and the backups of this path in the custom folder were out of sight of `backups`
/// and doctor, and forgotten by the next backup.
struct AnotherStoreRestoredInPlaceTests {
    let directory = TemporaryDirectory()
    var store: String { directory.file("p/nudge.sqlite") }
    var custom: String { directory.file("pX") }

    @discardableResult
    func nudge(_ arguments: String..., store: String? = nil, status: Int32 = 0) -> CommandResult {
        let result = InProcessNudge.run(
            arguments + ["--store", store ?? self.store],
            environment: ["TZ": "UTC", "NUDGE_FAKE_NOW": "2026-11-22T10:00:00Z"])
        #expect(result.status == status, "\(arguments): \(result)")
        return result
    }

    @Test func theCustomFoldersBackupsOfThisPathStayInSight() throws {
        for folder in ["p", "pX", "other"] {
            try FileManager.default.createDirectory(atPath: directory.file(folder), withIntermediateDirectories: false)
        }
        let other = directory.file("other/nudge.sqlite")
        nudge("log", "symptom", "Other", "--severity", "1", store: other)
        nudge("log", "symptom", "P-diary", "--severity", "1")
        nudge("settings", "set", "backup.directory", custom)
        nudge("backup")
        let taken = custom + "/nudge-20261122T100000Z.sqlite"
        try DatabaseQueue(path: other).backup(to: DatabaseQueue(path: store))
        let line =
            "1 backup of \(BackupDirectory.OtherIdentities.ofThisPathMeaning) is in \(custom), not listed; restore the newest by its path:"
        #expect(nudge("backups").stdout.contains(line), "before a backup")
        #expect(nudge("doctor", status: 1).stdout.contains(taken), "doctor names it")
        nudge("backup")
        let listed = nudge("backups")
        #expect(listed.stdout.contains(line) && listed.stdout.contains(taken), "\(listed)")
    }
}
