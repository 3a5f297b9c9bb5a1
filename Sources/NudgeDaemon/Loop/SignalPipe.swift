import CNudgeLinux
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// SIGTERM, SIGINT and SIGHUP turned into bytes on a pipe the event loop polls.
///
/// A self-pipe rather than signalfd: signalfd needs the signals blocked in every thread, and
/// GLib and Dispatch start threads of their own.
///
/// Each pipe closes only its own two ends. The handler writes to the newest pipe's; a pipe that
/// goes while a newer one lives (daemons one after another in one test process) leaves the
/// handler to it. (A write end kept in one global and closed by every deinit closed another
/// pipe's, and then a number the process had given to something else.)
final class SignalPipe {
    let descriptor: Int32
    private let writeEnd: Int32
    static let signals = [SIGTERM, SIGINT, SIGHUP]

    init() throws(DaemonError) {
        var ends: [Int32] = [-1, -1]
        guard nudge_pipe(&ends) == 0 else { throw .system("pipe2", errno) }
        descriptor = ends[0]
        writeEnd = ends[1]
        signalPipeWriteEnd.store(ends[1], ordering: .sequentiallyConsistent)
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { signal in
            var byte = UInt8(truncatingIfNeeded: signal)
            _ = write(signalPipeWriteEnd.load(ordering: .sequentiallyConsistent), &byte, 1)
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        for signal in Self.signals { sigaction(signal, &action, nil) }
        signal(SIGPIPE, SIG_IGN)
        // A parent may hand its mask on (Foundation's Process spawns from Dispatch threads, which
        // block signals); threads created after this inherit the unblocked mask.
        var handled = sigset_t()
        sigemptyset(&handled)
        for signal in Self.signals { sigaddset(&handled, signal) }
        pthread_sigmask(SIG_UNBLOCK, &handled, nil)
    }

    deinit {
        let wasNewest =
            signalPipeWriteEnd.compareExchange(expected: writeEnd, desired: -1, ordering: .sequentiallyConsistent)
            .exchanged
        if wasNewest { for signal in Self.signals { Glibc.signal(signal, SIG_DFL) } }
        close(descriptor)
        close(writeEnd)
    }

    /// The signals received since the last call, in order.
    func consume() -> [Int32] {
        var bytes = [UInt8](repeating: 0, count: 64)
        var received: [Int32] = []
        while true {
            let count = read(descriptor, &bytes, bytes.count)
            guard count > 0 else { return received }
            received += bytes[0..<count].map { Int32($0) }
        }
    }
}

/// The handler may touch only async-signal-safe state: one lock-free atomic file descriptor.
private let signalPipeWriteEnd = Atomic<Int32>(-1)
