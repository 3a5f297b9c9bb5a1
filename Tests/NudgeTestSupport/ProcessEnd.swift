import CNudgeLinux
import Foundation

/// The end of any process, a child of this one or not (an orphan a killed daemon left), as the
/// kernel tells it: its pidfd turns readable when it ends (a zombie has ended).
public final class ProcessEnd {
    private let descriptor: Int32

    /// Watches `pid`; nil when no process has that pid now.
    public init?(pid: Int32) {
        descriptor = nudge_pidfd_open(pid)
        guard descriptor >= 0 else { return nil }
    }

    deinit { close(descriptor) }

    /// Waits at most `timeout` seconds: true when the process has ended.
    public func wait(timeout: TimeInterval) -> Bool {
        var watched = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let left = Int32(max(0, deadline.timeIntervalSinceNow * 1000).rounded(.up))
            let ready = poll(&watched, 1, left)
            if ready > 0 { return true }
            if ready == 0 || errno != EINTR { return false }
        }
    }
}
