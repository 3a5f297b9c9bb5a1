import Foundation
import NudgeCore

#if canImport(Glibc)
    import Glibc
#endif

/// Files that hold a person's data beside the store, made only its owner's from their first
/// byte and never in place of a file that is there.
public enum PrivateCopy {
    /// Gives the complete file `temporary` (and its `-wal`, when it has one) the name `path`, or
    /// `path.2`, `path.3`... when that name is taken: a link, which never replaces a file (two
    /// restores in one second keep two copies), so that a kept name only ever holds a whole
    /// copy. A name is taken when the file or a `-wal` or `-journal` of it is there. Returns
    /// the name it got; `temporary` stays for its owner to remove.
    static func linkNew(_ temporary: String, as path: String) throws(Store.BackupFailure) -> String {
        let withLog = FileManager.default.fileExists(atPath: temporary + "-wal")
        for attempt in 1...1000 {
            let candidate = attempt == 1 ? path : "\(path).\(attempt)"
            if ["-wal", "-journal"].contains(where: { FileManager.default.fileExists(atPath: candidate + $0) }) {
                continue
            }
            if withLog, link(temporary + "-wal", candidate + "-wal") != 0 {
                guard errno == EEXIST else { throw failure(path, errno) }
                continue
            }
            if link(temporary, candidate) == 0 {
                try Store.sync(PathText.directory(of: candidate).isEmpty ? "." : PathText.directory(of: candidate))
                return candidate
            }
            let reason = errno
            if withLog { unlink(candidate + "-wal") }
            guard reason == EEXIST else { throw failure(path, reason) }
        }
        throw Store.BackupFailure(
            description:
                "cannot keep the store at \(path): a thousand files of that name are there; nothing was restored",
            exitCode: 73)
    }

    /// The bytes of `source` into `destination` (a temporary file, or a new one made 0600
    /// exclusively), fsynced; a failure says the store could not be kept at `keptPath`.
    static func copyBytes(
        _ source: String, to destination: String, creating: Bool, keeping keptPath: String
    ) throws(Store.BackupFailure) {
        let input = open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw failure(keptPath, errno) }
        defer { close(input) }
        let output = open(
            destination, O_WRONLY | O_TRUNC | O_CLOEXEC | (creating ? O_CREAT | O_EXCL : 0), 0o600)
        guard output >= 0 else { throw failure(keptPath, errno) }
        defer { close(output) }
        let code = copy(from: input, to: output)
        guard code == 0 else { throw failure(keptPath, code) }
    }

    /// Copies what is left to read of `input` into `output` and fsyncs it: 0, or the errno.
    static func copy(from input: Int32, to output: Int32) -> Int32 {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count == 0 { break }
            guard count > 0 else { return errno }
            var written = 0
            while written < count {
                let step = buffer.withUnsafeBytes { write(output, $0.baseAddress! + written, count - written) }
                guard step > 0 else { return errno }
                written += step
            }
        }
        return fsync(output) == 0 ? 0 : errno
    }

    private static func failure(_ path: String, _ code: Int32) -> Store.BackupFailure {
        Store.BackupFailure(
            description: "cannot keep the store at \(path): \(DiskError.describe(code)); nothing was restored",
            exitCode: code == ENOSPC ? 74 : 73)
    }
}
