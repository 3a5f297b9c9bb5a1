import Foundation
import NudgeCore
import NudgeTestSupport
import Testing

@testable import NudgeStore

/// The thinning keeps whole backups (issue 39, as a second hostile tester found): a newer
/// backup cut short is not the day's in place of a whole one; and the file beside the store is
/// read only while it is small.
struct BackupThinningWholeTests {
    let directory = TemporaryDirectory()
    var backups: String { directory.file("backups") }
    var storePath: String { directory.file("nudge.sqlite") }
    let clock = WallClock(zone: .system("UTC"))

    func instant(_ text: String) throws -> Date { try #require(Timestamp.parse(text)) }

    @Test func aBackupCutShortNeverDisplacesAWholeOne() throws {
        let store = try Store(path: storePath)
        _ = try store.addSymptom(
            name: "s", severity: 2, notes: nil, loggedAt: try instant("2026-11-24T08:00:00Z"),
            now: try instant("2026-11-24T08:00:00Z"))
        let whole = try store.backUp(into: backups, at: try instant("2026-11-24T09:00:00Z"))
        let cut = try store.backUp(into: backups, at: try instant("2026-11-24T10:00:00Z"))
        #expect(truncate(cut.path, off_t(cut.size - 4096)) == 0)
        let removed = BackupDirectory.thin(
            backups, store: storePath, identity: try store.identity(), clock: clock,
            now: try instant("2026-11-24T11:00:00Z"))
        #expect(removed.map(\.path) == [cut.path])
        #expect(FileManager.default.fileExists(atPath: whole.path))
    }

    @Test func aLocationFileOverItsCapIsUnreadable() throws {
        let location = BackupLocation(directory: "/" + String(repeating: "a", count: 70_000), identity: nil)
        try JSONEncoder().encode(location).write(to: URL(fileURLWithPath: BackupLocation.path(ofStore: storePath)))
        #expect(BackupLocation.read(store: storePath) == nil)
        let small = BackupLocation(directory: "/backups", identity: Store.newIdentity())
        try JSONEncoder().encode(small).write(to: URL(fileURLWithPath: BackupLocation.path(ofStore: storePath)))
        #expect(BackupLocation.read(store: storePath) == small)
    }
}
