import Foundation
import NudgeCore
import NudgeStore

#if canImport(Glibc)
    import Glibc
#endif

/// The write-ahead logs set aside beside the store when its file was copied over
/// (`STORE.before-overwrite-INSTANT-wal`): they hold the commits of the file before, and those
/// another program made in the moments after the copy while that log was still beside it (it
/// read them against the file before's log). None of them is in the store; the log and standard
/// error said so once (hostile round 24 on issue 39: 29-33 commits of another program went
/// there, named nowhere a person looks later).
extension DoctorFindings {
    public static func setAsideLogFindings(store: String) -> [Finding] {
        SetAsideLogs.paths(store: store).compactMap { path in
            let name = (path as NSString).lastPathComponent
            var status = stat()
            guard lstat(path, &status) == 0 else { return nil }
            return .warning(
                "backups: \(name) (\(WriteAheadLogCommits.sizeAndCount(Int(status.st_size), at: path))) is the write-ahead log that was beside the store when its file was copied over: the commits of the file before, and any another program made in the moments after the copy; none of them is in the store\(stillWritten(SetAsideLogs.setAsideAt(path, store: store), status))",
                fix:
                    "if the store lacks something written just before or after that copy, keep the file and read it beside a copy of the file it belonged to (sqlite3 reads FILE-wal beside FILE); otherwise remove it: rm \(ShellWord.quoted(path))"
            )
        }
    }

    /// `; another program wrote into it after it was set aside, ...`: one that had the store
    /// open across the copy writes into the log it holds open for as long as it runs, and none
    /// of that reaches the store (hostile round 25 on issue 39: 100 commits over 10 s, and 500
    /// that ended in a damaged store). Told by the log's last change against the instant in its
    /// name (`20261127T235000Z-wal`).
    private static func stillWritten(_ setAside: Date?, _ status: stat) -> String {
        guard let setAside,
            TimeInterval(status.st_mtim.tv_sec) > setAside.timeIntervalSince1970 + 2
        else { return "" }
        return
            "; another program wrote into it after it was set aside: it has had the store open since before the copy, and what it writes goes there, not into the store, until it is closed and started again (a copy put in place with nudge restore goes through SQLite, and keeps such a program's writes)"
    }
}
