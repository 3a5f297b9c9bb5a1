import CNudgeLinux
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A temporary file (0600) noted, the instant it is made, among the files SIGINT, SIGTERM or
/// SIGHUP ending the process removes: those signals are held from before it is made until it
/// is noted, so none can end the process in between and leave it (CI at 034fefd, and the
/// exports' and drafts' files after it: hostile round 30). Every temporary file nudge writes
/// and renames into place is made here.
public struct NotedTemporaryFile: Sendable {
    /// Its open descriptor (close-on-exec); the caller closes it.
    public let descriptor: Int32
    public let path: String
    /// Its slot among the files a signal removes (-1: none free).
    private let signalSlot: Int32

    /// Why it could not be made: mkstemp's errno.
    public struct Failure: Error {
        public let code: Int32
    }

    /// Makes the file `template` names (a path ending in `XXXXXX`). `folder`, the file's folder
    /// held open, or -1: a signal removes it from there too (the folder may be moved meanwhile).
    public init(template: String, folder: Int32 = -1) throws(Failure) {
        var name = Array(template.utf8CString)
        var mask = sigset_t()
        nudge_hold_ending_signals(&mask)
        defer { nudge_release_ending_signals(&mask) }
        let descriptor = name.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw Failure(code: errno) }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        self.descriptor = descriptor
        self.path = name.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        self.signalSlot = nudge_remove_on_signal(path, folder)
    }

    /// A signal no longer removes it: renamed into place, removed, or kept on purpose.
    public func forgetOnSignal() { nudge_forget_on_signal(signalSlot) }
}
