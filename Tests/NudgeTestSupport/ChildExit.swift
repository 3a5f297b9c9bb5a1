import Dispatch
import Foundation
import Synchronization

/// The end of a child process, seen by the kernel's word rather than Foundation's.
///
/// Foundation's `Process` on Linux learns of an exit when a socket the child inherited closes. A
/// child spawned from another thread at that moment can inherit the socket too, and the exit
/// then goes unseen for as long as that one lives (swift-corelibs-foundation#4795): measured here,
/// 4 of 2,183 `/bin/true` runs beside a thread spawning `sleep 3` stayed "running" as zombies
/// for over a second, and in the suite a 30-second bound passed and `terminationStatus` trapped.
/// `waitid` with `WNOWAIT` waits for the exit itself and leaves the reaping to Foundation.
final class ChildExit: @unchecked Sendable {
    private let ended = DispatchSemaphore(value: 0)
    private let status = Mutex<Int32?>(nil)

    /// Starts watching `pid`, a child of this process.
    init(pid: Int32) {
        // The thread holds the watcher until the child ends.
        Thread.detachNewThread { self.watch(pid) }
    }

    private func watch(_ pid: Int32) {
        var info = siginfo_t()
        var result: Int32
        repeat {
            result = waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT)
        } while result == -1 && errno == EINTR
        // ECHILD: Foundation reaped it first, so it has ended; its status is Foundation's.
        status.withLock { $0 = result == 0 ? info._sifields._sigchld.si_status : nil }
        ended.signal()
    }

    /// Waits for the exit: its exit code (the signal's number if a signal ended it), nil when
    /// `process` still runs after `timeout`.
    func wait(_ process: Process, timeout: TimeInterval) -> Int32? {
        guard ended.wait(timeout: .now() + timeout) == .success else { return nil }
        ended.signal()
        if let code = status.withLock({ $0 }) { return code }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
