import Foundation
import NudgeCore

#if canImport(Glibc)
    import Glibc
#endif

/// Where a written backup goes, without ever taking a file's place it was not given: a new
/// name in the backup folder, or the path a person gave (`--output`) in place of what was there
/// when the backup began.
enum BackupPlacement {
    /// A new name in `directory` for a backup taken at `instant`: a link, which never replaces
    /// a file, one past the last name of that second there.
    case newName(in: String, takenAt: Date)
    /// The given path, over the regular file whose `StoreOverwrite.stamp` was `was` when the
    /// backup began, or (nil) where nothing was: a file put or changed there meanwhile (a
    /// person's notes saved under that name) is left as it is (hostile round 27: renamed over).
    case given(was: String?)

    var isNewName: Bool {
        if case .newName = self { true } else { false }
    }

    /// Puts the written `temporary` in place; returns where.
    func put(_ temporary: String, at path: String) throws(Store.BackupFailure) -> String {
        switch self {
        case .newName(let directory, let instant):
            var result: Result<String, Store.BackupFailure> = .failure(Self.cannotWrite(directory, EINTR))
            // Named under the folder's lock, which other nudge processes name theirs under: the
            // last name of a second is always there (the thinning keeps the newest), so one past
            // it was never given, and no two runs name one file (hostile round 27: five backups
            // at once named three, each of two naming one a sibling had removed).
            BackupLocation.whileLocked(folder: directory) {
                var attempt = Self.nextAttempt(in: directory, for: instant)
                var written = directory + "/" + BackupDirectory.fileName(for: instant, attempt: attempt)
                while link(temporary, written) != 0 {
                    guard errno == EEXIST, attempt < 1000 else {
                        result = .failure(Self.cannotWrite(written, errno))
                        return
                    }
                    attempt += 1
                    written = directory + "/" + BackupDirectory.fileName(for: instant, attempt: attempt)
                }
                result = .success(written)
            }
            return try result.get()
        case .given(was: nil):
            guard link(temporary, path) == 0 else {
                throw errno == EEXIST ? Self.changedMeanwhile(path) : Self.cannotWrite(path, errno)
            }
            return path
        case .given(let was?):
            var target = stat()
            if lstat(path, &target) == 0, target.st_mode & S_IFMT != S_IFREG {
                throw Store.BackupFailure(
                    description: "\(path) is not a regular file; give the path of a file", exitCode: 73)
            }
            // What is left between this look and the rename is the kernel's instant, not the
            // seconds of a copy.
            guard StoreOverwrite.stamp(path) == was else { throw Self.changedMeanwhile(path) }
            guard rename(temporary, path) == 0 else { throw Self.cannotWrite(path, errno) }
            return path
        }
    }

    /// The attempt to name the next backup of `instant` with in `directory`: one past the last
    /// name of that second there (`.2` after the plain name), 1 when there is none.
    static func nextAttempt(in directory: String, for instant: Date) -> Int {
        let plain = BackupDirectory.fileName(for: instant)
        let suffix = BackupDirectory.suffix
        let stem = String(plain.dropLast(suffix.count))
        let attempts = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).compactMap {
            name -> Int? in
            if name == plain { return 1 }
            guard name.hasPrefix(stem + "."), name.hasSuffix(suffix) else { return nil }
            return Int(name.dropFirst(stem.count + 1).dropLast(suffix.count))
        }
        return (attempts.max() ?? 0) + 1
    }

    private static func cannotWrite(_ path: String, _ error: Int32) -> Store.BackupFailure {
        Store.BackupFailure(description: "cannot write the backup \(path): \(DiskError.describe(error))", exitCode: 73)
    }

    private static func changedMeanwhile(_ path: String) -> Store.BackupFailure {
        Store.BackupFailure(
            description:
                "another program put a file at \(path) or changed the one there while the backup was written; that file is left as it is and no backup was written; give another path, or run nudge backup again",
            exitCode: 73)
    }
}
