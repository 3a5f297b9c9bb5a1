import NudgeCore

/// Why the store could not be used; each says what to do about it.
public enum StoreError: Error, Equatable, CustomStringConvertible {
    case cannotCreateDirectory(path: String, reason: String)
    case cannotOpen(path: String, reason: String)
    case notADatabase(path: String)
    case newerSchema(path: String, unknownMigrations: [String])
    case failed(path: String, reason: String)
    /// A table nudge owns exists with another shape: another program uses the name.
    case unusable(path: String, problem: String)
    case damaged(path: String, reason: String)
    /// Another program held the store's lock for longer than nudge waits (`LockWait`).
    case busy(path: String)
    /// The `-wal` moved or cut under its index for longer than nudge tries again (`StaleLogIndex`).
    case staleLogIndex(path: String)
    case notWritable(path: String, reason: String, fix: String)
    /// A backup opened for writing: it would become a second store with its store's identity,
    /// whose backups thin each other's.
    /// `takenFrom`: the store it records it was taken from, where a restore puts it back.
    case backup(path: String, takenAt: String, takenFrom: String? = nil)

    public var description: String { described(namedBy: nil) }

    /// The refusal with where the path came from (`NUDGE_STORE`, a variable set once and
    /// forgotten, which the fix then names too), or as `description` for nil.
    public func described(namedBy source: String?) -> String {
        let another =
            source == "NUDGE_STORE"
            ? "set NUDGE_STORE to another store's path, or choose one with --store PATH"
            : "choose another store with --store PATH"
        let named = { (path: String) in source.map { "\(path) (from \($0))" } ?? path }
        return switch self {
        case .cannotCreateDirectory(let path, let reason):
            "cannot create the store's directory \(named(path)): \(reason); create it or \(another)"
        case .cannotOpen(let path, let reason):
            "cannot open the store \(named(path)): \(reason); \(another)"
        case .notADatabase(let path):
            "\(named(path)) is not a SQLite database; it was left untouched; \(another)"
        case .newerSchema(let path, let unknown):
            "the store \(named(path)) was migrated by a newer nudge (unknown migrations: \(Self.names(unknown))); it was left untouched; upgrade nudge to use it"
        case .failed(let path, let reason):
            "the store \(named(path)) failed: \(reason)"
        case .unusable(let path, let problem):
            "the store \(named(path)) cannot be used: \(problem) (another program made it); it was left untouched; \(another)"
        case .damaged(let path, let reason):
            "the store \(named(path)) is damaged (\(reason)); restore a backup, or \(another)"
        // Never "choose another store": the next entry would go into an empty one.
        case .busy(let path):
            "another program held the lock on the store \(named(path)) for over \(Int(LockWait.longest)) s; nothing was changed; try again when it has finished"
        case .staleLogIndex(let path):
            "the write-ahead log beside the store \(named(path)) ends before the commits its index (\(path)-shm) names: another program moved or cut \(path)-wal while the store was open; close the programs that have it open (fuser -v \(path)-shm names them), then try again"
        case .notWritable(let path, let reason, let fix):
            "cannot write the store \(named(path)): \(reason); \(fix)"
        case .backup(let path, let takenAt, let takenFrom):
            "\(named(path)) is a backup taken at \(takenAt); it was left untouched; "
                + (takenFrom.map {
                    "restore it in place of the store it was taken from with: \(NudgeLine.on($0, "restore", path))"
                }
                    ?? "restore it in place of a store with: nudge --store STORE restore \(ShellWord.quoted(path))")
        }
    }

    /// Migration names as another program may have written them: three at most, each cut to
    /// 40 characters, on one line.
    private static func names(_ names: [String]) -> String {
        let shown = names.prefix(3).map { name in
            String(String.UnicodeScalarView(name.unicodeScalars.prefix(40).map { $0.value < 0x20 ? "?" : $0 }))
                + (name.unicodeScalars.count > 40 ? "..." : "")
        }
        return (shown + (names.count > 3 ? ["\(names.count - 3) more"] : [])).joined(separator: ", ")
    }
}
