import Foundation
import GRDB
import NudgeCore

#if canImport(Glibc)
    import Glibc
#endif

/// What killed restores and exports leave beside a file, removed by a later run once their
/// process is gone.
public enum AbandonedFiles {
    /// Removes the temporary files (and SQLite's files beside them) that a killed restore or
    /// export left beside `path` (`abandonedTemporary`); returns their names (SQLite's files
    /// beside them are not named apart). A file a live process holds stays, however old.
    @discardableResult
    public static func removeTemporary(beside path: String, prefix: String, now: Date) -> [String] {
        abandonedTemporary(beside: path, prefix: prefix, now: now).filter { unlink($0.path) == 0 && $0.isMain }.map {
            ($0.path as NSString).lastPathComponent
        }
    }

    /// The temporary files a killed restore or export left beside `path`, and SQLite's files
    /// beside them: named `prefix` + its name + `.XXXXXX` (`.PID.XXXXXX` for a restore's), this
    /// user's, that `HeldTemporaryFile.isAbandoned` finds no live process writes.
    public static func abandonedTemporary(beside path: String, prefix: String, now: Date) -> [(
        path: String, isMain: Bool
    )] {
        let directory = PathText.directory(of: path).isEmpty ? "." : PathText.directory(of: path)
        let start = prefix + (path as NSString).lastPathComponent + "."
        return ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted().compactMap { name in
            guard name.hasPrefix(start) else { return nil }
            var rest = name.dropFirst(start.count)
            // A restore's names carry its pid before the random part.
            let pid = rest.prefix { $0.isASCII && $0.isNumber }
            if !pid.isEmpty, rest.dropFirst(pid.count).first == "." { rest = rest.dropFirst(pid.count + 1) }
            let random = rest.prefix(6)
            let companion = String(rest.dropFirst(6))
            guard random.count == 6, random.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }),
                companion.isEmpty || HeldTemporaryFile.companions.contains(companion)
            else { return nil }
            let file = directory + "/" + name
            let main = directory + "/" + name.dropLast(companion.count)
            var status = stat()
            guard lstat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_uid == getuid(),
                HeldTemporaryFile.isAbandoned(
                    main, modified: HeldTemporaryFile.modified(status), now: now)
            else { return nil }
            return (file, companion.isEmpty)
        }
    }

    /// Removes the copies a restore killed while it kept the store left (nudge before this
    /// one wrote them under their kept name): a `STORE.before-restore-*` with a `-journal`
    /// beside it. SQLite rolls a journal back only when no process holds the copy's lock, so
    /// a copy still being written is left alone; rolled back, a copy that was begun on an empty
    /// file is empty again, and holds nothing: it goes with its journal. A copy with rows is
    /// never removed.
    public static func removeHalfWrittenCopies(of storePath: String) {
        let directory = PathText.directory(of: storePath).isEmpty ? "." : PathText.directory(of: storePath)
        let start = (storePath as NSString).lastPathComponent + ".before-restore-"
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        where name.hasPrefix(start) && name.hasSuffix("-journal") {
            let copy = directory + "/" + name.dropLast("-journal".count)
            // A journal whose copy is gone rolls nothing back into anything (and opening the
            // copy would make an empty one).
            var status = stat()
            guard lstat(copy, &status) == 0 else {
                unlink(directory + "/" + name)
                continue
            }
            guard status.st_mode & S_IFMT == S_IFREG, status.st_uid == getuid() else { continue }
            var configuration = Configuration()
            configuration.busyMode = .timeout(0)
            configuration.label = "nudge.abandoned-copy"
            // Reading the schema is what makes SQLite roll a hot journal back.
            guard let queue = try? DatabaseQueue(path: copy, configuration: configuration),
                (try? queue.read({ db in try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") })) != nil
            else { continue }
            try? queue.close()
            guard !FileManager.default.fileExists(atPath: directory + "/" + name), lstat(copy, &status) == 0,
                status.st_mode & S_IFMT == S_IFREG, status.st_size == 0
            else { continue }
            unlink(copy)
        }
    }
}
