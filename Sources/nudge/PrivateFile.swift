import ArgumentParser
import Foundation
import Glibc

/// A file nudge writes what the person keeps private into: an export given with `--output`, a
/// draft. Only its owner can read it, whatever the umask.
enum PrivateFile {
    /// Refuses, before anything is read or written, an `--output` whose directory is missing.
    static func validateOutput(_ path: String) throws {
        let directory = (path as NSString).deletingLastPathComponent
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.isEmpty ? "." : directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ValidationError("--output '\(path)': the directory \(directory) does not exist; create it or give another path")
        }
    }

    /// Makes a directory only its owner can enter (the drafts beside the store); one that is
    /// there already is used as it is.
    static func makeDirectory(_ path: String) throws {
        if mkdir(path, 0o700) != 0 && errno != EEXIST {
            throw CommandFailure("cannot make \(path): \(String(cString: strerror(errno)))", exitCode: 73)
        }
    }

    /// Writes a file only its owner can read, replacing one that was there (its mode too).
    static func write(_ text: String, to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else {
            throw CommandFailure("cannot write \(path): \(String(cString: strerror(errno))); give another --output", exitCode: 73)
        }
        defer { close(descriptor) }
        guard fchmod(descriptor, 0o600) == 0 else { throw CommandFailure("cannot make \(path) private: \(String(cString: strerror(errno)))", exitCode: 73) }
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { throw CommandFailure("cannot write \(path): \(String(cString: strerror(errno)))", exitCode: 74) }
            written += count
        }
    }
}
