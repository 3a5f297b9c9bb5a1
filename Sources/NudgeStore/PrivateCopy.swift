import Foundation
import NudgeCore

#if canImport(Glibc)
    import Glibc
#endif

/// Files that hold a person's data beside the store, made only its owner's from their first
/// byte and never in place of a file that is there.
public enum PrivateCopy {
    /// Creates an empty file 0600 at `path`, or at `path.2`, `path.3`... when that name is
    /// taken (O_EXCL: two restores in one second keep two copies); returns the name it got.
    /// A name is taken when the file or a `-wal` or `-journal` of it is there.
    static func createNew(_ path: String) throws(Store.BackupFailure) -> String {
        for attempt in 1...1000 {
            let candidate = attempt == 1 ? path : "\(path).\(attempt)"
            if ["-wal", "-journal"].contains(where: { FileManager.default.fileExists(atPath: candidate + $0) }) {
                continue
            }
            let descriptor = open(candidate, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
            if descriptor >= 0 {
                close(descriptor)
                return candidate
            }
            guard errno == EEXIST else { throw failure(path, errno) }
        }
        throw Store.BackupFailure(
            description:
                "cannot keep the store at \(path): a thousand files of that name are there; nothing was restored",
            exitCode: 73)
    }

    /// The bytes of `source` into `destination` (a file `createNew` made, or a new one made
    /// 0600 exclusively), fsynced.
    static func copyBytes(_ source: String, to destination: String, creating: Bool) throws(Store.BackupFailure) {
        let input = open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw failure(destination, errno) }
        defer { close(input) }
        let output = open(
            destination, O_WRONLY | O_TRUNC | O_CLOEXEC | (creating ? O_CREAT | O_EXCL : 0), 0o600)
        guard output >= 0 else { throw failure(destination, errno) }
        defer { close(output) }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count == 0 { break }
            guard count > 0 else { throw failure(destination, errno) }
            var written = 0
            while written < count {
                let step = buffer.withUnsafeBytes { write(output, $0.baseAddress! + written, count - written) }
                guard step > 0 else { throw failure(destination, errno) }
                written += step
            }
        }
        guard fsync(output) == 0 else { throw failure(destination, errno) }
    }

    /// Removes the temporary files (and their SQLite companions) a killed restore or export
    /// left beside `path`: named `prefix` + its name + `.XXXXXX`, last changed over an hour ago.
    public static func removeAbandoned(beside path: String, prefix: String, now: Date) {
        let directory = PathText.directory(of: path)
        let start = prefix + (path as NSString).lastPathComponent + "."
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory.isEmpty ? "." : directory)) ?? []
        where name.hasPrefix(start) {
            let file = (directory.isEmpty ? "." : directory) + "/" + name
            let rest = name.dropFirst(start.count)
            let random = rest.prefix(6)
            var status = stat()
            guard random.count == 6, random.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }),
                ["", "-wal", "-shm", "-journal"].contains(String(rest.dropFirst(6))), lstat(file, &status) == 0,
                status.st_mode & S_IFMT == S_IFREG,
                status.st_uid == getuid(), now.timeIntervalSince1970 - Double(status.st_mtim.tv_sec) > 3600
            else { continue }
            unlink(file)
        }
    }

    private static func failure(_ path: String, _ code: Int32) -> Store.BackupFailure {
        Store.BackupFailure(
            description: "cannot keep the store at \(path): \(DiskError.describe(code)); nothing was restored",
            exitCode: code == ENOSPC ? 74 : 73)
    }
}
