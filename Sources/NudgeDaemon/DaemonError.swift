import Foundation
import NudgeStore

public enum DaemonError: Error, CustomStringConvertible {
    case system(String, Int32)
    case alreadyRunning(pid: Int32, store: String)
    case store(StoreError)
    case storeGone(String)
    /// Another file was put in the store's place: the daemon starts again on it.
    case storeReplaced(String)
    /// A file of the store's that nudge writes is something else: a FIFO would hold the daemon
    /// for good before it did anything, a device would swallow what it keeps.
    case notRegularFile(String)

    public var description: String {
        switch self {
        case .system(let call, let code):
            "\(call) failed: \(String(cString: strerror(code)))"
        case .alreadyRunning(let pid, let store):
            "a nudge daemon (pid \(pid)) is already running on \(store); stop it first (kill \(pid)) or use another store with --store"
        case .store(let error):
            error.description
        case .storeGone(let path):
            "the store \(path) was removed or moved away while the daemon ran; stopping, so that nothing is written to a file no one reads; start it again when the store is back"
        case .notRegularFile(let path):
            "\(path) is not a regular file (a FIFO, a device or a socket); remove it and start the daemon again"
        case .storeReplaced(let path):
            "the store \(path) was replaced by another file while the daemon ran; start it again to use the new one"
        }
    }
}
