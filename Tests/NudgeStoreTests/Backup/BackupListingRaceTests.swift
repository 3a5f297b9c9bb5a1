import Foundation
import NudgeCore
import NudgeTestSupport
import Synchronization
import Testing

@testable import NudgeStore

/// `restore --latest` beside backups taken and thinned by other processes (issue 39, seen once
/// in BackupTortureTests): the newest backup it listed was thinned away by a newer one before it
/// was checked, and it said the folder "has no sound backup". A listing made stale by a thinning
/// is made again.
struct BackupListingRaceTests {
    let directory = TemporaryDirectory()
    var path: String { directory.file("nudge.sqlite") }
    let clock = WallClock(zone: .system("UTC"))

    /// One backup per day is kept, so each backup thins away the one before it: the folder
    /// always holds a sound backup, and every look for the newest finds one.
    // A hang guard: 60 backups beside a reader in a loop took over 2 min on CI's loaded 2 cores.
    @Test(.timeLimit(.minutes(5))) func theNewestIsFoundWhileBackupsThinEachOtherAway() throws {
        let store = try Store(path: path)
        let identity = try #require(try store.identity())
        let folder = directory.file("backups")
        let start = try #require(Timestamp.parse("2026-11-24T08:00:00Z"))
        _ = try store.backUp(into: folder, at: start)
        let taking = Atomic<Bool>(true)
        let taker = Thread { [clock] in
            defer { taking.store(false, ordering: .releasing) }
            for round in 1...60 {
                let now = start.addingTimeInterval(Double(round))
                guard let taken = try? store.backUp(into: folder, at: now) else { return }
                BackupDirectory.thin(
                    folder, store: store.path, identity: identity, keeping: taken.path, clock: clock, now: now)
            }
        }
        taker.start()
        var looks = 0
        var misses = 0
        let later = start.addingTimeInterval(3600)
        while taking.load(ordering: .acquiring) {
            looks += 1
            if BackupDirectory.newestSound(in: folder, now: later, identity: identity) == nil { misses += 1 }
            // Lets the taker run: on CI's loaded 2 cores a reader looking again at once held it off.
            sched_yield()
        }
        #expect(looks > 0)
        #expect(misses == 0, "\(misses) of \(looks) looks found no sound backup")
        #expect(BackupDirectory.list(in: folder, now: later).count == 1, "each backup thinned the one before it")
    }

    /// `nudge backups` printed `[]` while a backup replaced the only earlier one (hostile round
    /// 28 on issue 39): the folder was read before the new one was linked, and the earlier one
    /// thinned before it was read. Here that happens between the folder's reading and the
    /// file's: the folder is read again, and the new one is listed.
    @Test func aBackupThinnedAwayWhileListedLeavesTheNewOneListed() throws {
        let store = try Store(path: path)
        let folder = directory.file("backups")
        let start = try #require(Timestamp.parse("2026-11-24T08:00:00Z"))
        let earlier = try store.backUp(into: folder, at: start)
        let staged = directory.file("staged")
        let newer = try store.backUp(into: staged, at: start.addingTimeInterval(60))
        let newName = folder + "/" + (newer.path as NSString).lastPathComponent
        var steps = 0
        let listed = BackupDirectory.list(in: folder, now: start.addingTimeInterval(3600)) {
            steps += 1
            guard steps == 1 else { return }
            #expect(link(newer.path, newName) == 0)
            #expect(unlink(earlier.path) == 0)
        }
        #expect(listed.map(\.path) == [newName])
    }
}
