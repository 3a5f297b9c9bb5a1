import Foundation
import NudgeCore
import NudgeTestSupport
import Testing

@testable import NudgeStore

/// A `settings set backup.directory` while a backup runs (issue 39, fifth round): the backup
/// read the old folder at its start and wrote it beside the store at its end, over the new
/// setting, until the next backup. The folder is read again where the file is written; the
/// one the backup went to is kept as the former folder, since it holds the newest backup.
struct BackupLocationRaceTests {
    let directory = TemporaryDirectory()
    var path: String { directory.file("nudge.sqlite") }

    @Test func aSettingChangedDuringABackupIsTheOneRecorded() throws {
        let store = try Store(path: path)
        let old = path + ".backups"
        let new = directory.file("elsewhere")
        // The backup read the setting (the default folder); then the setting changed.
        try store.setSetting(BackupPolicy.directory, to: new, at: Date())
        let backup = try store.backUp(into: old, at: Date())
        let location = try #require(BackupLocation.read(store: path))
        #expect(location.directory == new && location.formerDirectory == old, "\(location)")
        #expect(BackupDirectory.formerFolders(store: path, besides: new) == [old])
        #expect(FileManager.default.fileExists(atPath: backup.path))
    }

    /// The daemon does not wait for that lock on its loop: another process holding it (a
    /// backup stopped with SIGSTOP, a slow folder) records the setting itself; the daemon's
    /// attempt returns at once and writes nothing, where a command's waits.
    @Test(.timeLimit(.minutes(1))) func theDaemonsRecordingDoesNotWaitForTheLock() throws {
        let store = try Store(path: path)
        try store.setSetting(BackupPolicy.directory, to: directory.file("first"), at: Date())
        let folder = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        defer { close(folder) }
        // Held by another open file description, as another process would hold it.
        #expect(flock(folder, LOCK_EX) == 0)
        try Store(path: path).write { db in
            try db.execute(
                sql: "UPDATE settings SET value = ? WHERE key = ?",
                arguments: [directory.file("second"), BackupPolicy.directory.rawValue])
        }
        #expect(store.recordBackupDirectory(waiting: false).ran == false)
        #expect(BackupLocation.read(store: path)?.directory == directory.file("first"))
        #expect(flock(folder, LOCK_UN) == 0)
        #expect(store.recordBackupDirectory(waiting: false).ran)
        #expect(BackupLocation.read(store: path)?.directory == directory.file("second"))
    }

    /// A backup.directory that was never a folder (a FIFO another program named; the backup
    /// there failed) is not kept as an earlier folder that may hold backups (eighth round: it
    /// blocked `restore --latest` for good once removed, as an unmounted disk would).
    @Test func aFolderThatWasNeverOneIsNotRemembered() throws {
        let store = try Store(path: path)
        let fifo = directory.file("fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        BackupLocation.record(directory: fifo, identity: try store.identity(), store: path)
        BackupLocation.record(directory: directory.file("real"), identity: try store.identity(), store: path)
        let location = try #require(BackupLocation.read(store: path))
        #expect(location.formerDirectory == nil && location.olderDirectories == nil, "\(location)")
        unlink(fifo)
        #expect(BackupDirectory.unreadFormerFolders(store: path, besides: directory.file("real")).isEmpty)
    }
}
