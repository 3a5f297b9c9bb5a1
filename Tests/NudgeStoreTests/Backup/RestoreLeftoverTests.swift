import Foundation
import GRDB
import NudgeCore
import NudgeTestSupport
import Testing

@testable import NudgeStore

/// What killed restores leave beside the store, and the backup a restore names.
@Suite(.timeLimit(.minutes(2)))
struct RestoreLeftoverTests {
    let directory = TemporaryDirectory()
    var path: String { directory.file("nudge.sqlite") }
    let now = Timestamp.parse("2026-11-24T20:00:00Z")!

    func names() -> Set<String> { Set((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []) }

    /// A minute ago: past the moment a live process takes its file's lock.
    func age(_ file: String) {
        let minuteAgo = Date().addingTimeInterval(-60)
        try? FileManager.default.setAttributes([.modificationDate: minuteAgo], ofItemAtPath: file)
    }

    /// A restore killed while it kept the store (as nudge before this one wrote it, under the
    /// kept name): the copy begun on an empty file, pages written, a hot `-journal` beside it.
    func killedKeptCopy(_ copy: String) throws {
        #expect(FileManager.default.createFile(atPath: copy, contents: nil))
        let killed = """
            import os, sqlite3, sys
            db = sqlite3.connect(sys.argv[1], isolation_level=None)
            db.execute("PRAGMA cache_size = 1")
            db.execute("BEGIN")
            db.execute("CREATE TABLE symptom_entries (body BLOB)")
            for _ in range(300):
                db.execute("INSERT INTO symptom_entries VALUES (randomblob(1000))")
            os.kill(os.getpid(), 9)
            """
        let result = try Subprocess.run("/usr/bin/python3", ["-c", killed, copy])
        #expect(result.status != 0, "\(result)")
        #expect(FileManager.default.fileExists(atPath: copy + "-journal"), "a journal is left, as a kill leaves it")
    }

    /// A later restore removes the temporary files of a killed one (whose lock the kernel let
    /// go) and a kept copy left half-written with its journal; it leaves a live process's
    /// temporary file, however old, and a whole kept copy.
    @Test func aLaterRestoreRemovesWhatKilledOnesLeftOnly() throws {
        let store = try Store(path: path)
        _ = try store.addSymptom(name: "headache", severity: 3, notes: nil, loggedAt: now, now: now)
        let backup = try store.backUp(into: path + ".backups", at: now)
        let dead = directory.file(".nudge-restore-nudge.sqlite.AbC123")
        for file in [dead, dead + "-journal"] {
            #expect(FileManager.default.createFile(atPath: file, contents: Data("rows".utf8)))
            age(file)
        }
        let live = directory.file(".nudge-restore-nudge.sqlite.LiVe42")
        #expect(FileManager.default.createFile(atPath: live, contents: Data("rows".utf8)))
        age(live)
        let holder = try Subprocess.holdingLock(on: live, log: directory.file("holder.err"))
        defer {
            holder.signal(SIGKILL)
            _ = holder.waitForExit(timeout: 10)
        }
        #expect(holder.waitForLog("held"))
        let halfWritten = path + ".before-restore-20261123T000000Z"
        try killedKeptCopy(halfWritten)
        let whole = path + ".before-restore-20261122T000000Z"
        try FileManager.default.copyItem(atPath: backup.path, toPath: whole)

        let restored = try Store.restore(path, from: backup.path, keepingCurrentAt: path + ".kept", now: Date())

        let left = names()
        #expect(!left.contains { $0.hasPrefix(".nudge-restore-nudge.sqlite.AbC123") }, "\(left)")
        #expect(left.contains(".nudge-restore-nudge.sqlite.LiVe42"), "a live process holds it")
        #expect(!left.contains("nudge.sqlite.before-restore-20261123T000000Z"), "\(left)")
        #expect(!left.contains("nudge.sqlite.before-restore-20261123T000000Z-journal"), "\(left)")
        #expect(BackupDirectory.inspect(whole).counts.first?.count == 1, "a whole kept copy is never removed")
        #expect(restored.keptAt == path + ".kept")
        #expect(
            left.filter { $0.hasPrefix(".nudge-restore-") } == [".nudge-restore-nudge.sqlite.LiVe42"],
            "the restore's own temporary files are gone")
    }

    /// The backup a restore named is copied before the question: a backup taken meanwhile
    /// that thins its name away changes nothing in what is restored. One gone before it was
    /// copied is refused in one line.
    @Test func aPinnedBackupOutlivesItsName() throws {
        let store = try Store(path: path)
        _ = try store.addSymptom(name: "headache", severity: 3, notes: nil, loggedAt: now, now: now)
        let backup = try store.backUp(into: path + ".backups", at: now)
        _ = try store.addSymptom(name: "nausea", severity: 2, notes: nil, loggedAt: now, now: now)
        let pinned = try PinnedBackup(backup.path, store: path, now: now)
        defer { pinned.remove() }
        #expect(unlink(backup.path) == 0)
        _ = try Store.restore(path, from: pinned, keepingCurrentAt: path + ".kept", now: now, expecting: nil)
        #expect(
            try store.symptoms(from: nil, through: nil, clock: WallClock(zone: .system("UTC"))).map(\.name) == [
                "headache"
            ])
        let refusal = #expect(throws: Store.BackupFailure.self) {
            _ = try PinnedBackup(backup.path, store: path, now: now)
        }
        #expect(refusal?.description.contains("was removed") == true && refusal?.description.contains("\n") == false)
    }
}
