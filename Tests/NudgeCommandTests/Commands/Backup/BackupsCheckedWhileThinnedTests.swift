import Foundation
import NudgeCore
import NudgeStore
import NudgeTestSupport
import Testing

@testable import NudgeCommands

/// `nudge backups --json` printed `[]` while a backup replaced the only earlier one (hostile
/// round 28 on issue 39): the earlier one, listed, was thinned away while it was checked, and
/// the newer one was not in that listing. The listing is made again.
struct BackupsCheckedWhileThinnedTests {
    let directory = TemporaryDirectory()
    var path: String { directory.file("nudge.sqlite") }

    @Test func aBackupThinnedAwayWhileCheckedLeavesTheNewOneListed() throws {
        let store = try Store(path: path)
        let start = try #require(Timestamp.parse("2026-11-24T08:00:00Z"))
        let earlier = try store.backUp(into: directory.file("backups"), at: start)
        let newer = try store.backUp(into: directory.file("backups"), at: start.addingTimeInterval(60))
        var listings = 0
        let listed = BackupsList.checked(former: [], now: start.addingTimeInterval(3600)) {
            listings += 1
            guard listings == 1 else { return [newer] }
            // The first listing named the earlier one alone; it goes before it is looked at again.
            #expect(unlink(earlier.path) == 0)
            return [earlier]
        }
        #expect(listed.map(\.0.path) == [newer.path])
    }
}
