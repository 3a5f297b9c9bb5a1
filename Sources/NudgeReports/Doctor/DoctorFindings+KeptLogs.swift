import Foundation
import NudgeCore
import NudgeStore

#if canImport(Glibc)
    import Glibc
#endif

/// The write-ahead logs a restore kept beside the store (`STORE.before-restore-INSTANT-wal`):
/// one beside the store's byte copy (a damaged store), or one that was beside a file gone or
/// emptied, kept with a copy of the backup restored as its database half (`OrphanLog.pair`).
/// Either holds what was written last, none of it in the store, and SQLite reads it only
/// beside a file of pages (hostile round 30 on issue 39: such a log was kept alone, said nowhere).
extension DoctorFindings {
    public static func keptLogFindings(store: String) -> [Finding] {
        let folder = PathText.directory(of: store).isEmpty ? "." : PathText.directory(of: store)
        let start = (store as NSString).lastPathComponent + ".before-restore-"
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter {
            $0.hasPrefix(start) && $0.hasSuffix("-wal")
        }.sorted()
        return names.compactMap { name in
            let log = folder + "/" + name
            let database = String(log.dropLast("-wal".count))
            var status = stat()
            guard lstat(log, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
            let described = "\(name) (\(WriteAheadLogCommits.sizeAndCount(Int(status.st_size), at: log)))"
            guard lstat(database, &status) == 0 else {
                return .warning(
                    "store: \(described) is the write-ahead log that was beside the store when its file was gone or emptied, kept by a restore with no file to read it by: what was written last, none of it in the store",
                    fix:
                        "read it beside a copy of the newest backup (nudge backups lists them): cp BACKUP \(ShellWord.quoted(database)); sqlite3 \(ShellWord.quoted(database)) (pages the log lacks are the backup's); remove it once nothing there is needed"
                )
            }
            return .warning(
                "store: \(described) is a write-ahead log a restore kept with \(database) (the store's file as it was, or, where that was gone or emptied, a copy of the backup restored): what was written last, none of it in the store",
                fix:
                    "read the two together: sqlite3 \(ShellWord.quoted(database)) (pages the log lacks are that file's: check with PRAGMA integrity_check); remove both once nothing there is needed: rm \(ShellWord.quoted(database)) \(ShellWord.quoted(log))"
            )
        }
    }
}
