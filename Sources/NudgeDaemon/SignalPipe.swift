import CNudgeLinux
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// SIGTERM, SIGINT and SIGHUP turned into bytes on a pipe the event loop polls.
///
/// A self-pipe rather than signalfd: signalfd needs the signals blocked in every thread, and
/// GLib and Dispatch start threads of their own.
final class SignalPipe {
    let descriptor: Int32
    static let signals = [SIGTERM, SIGINT, SIGHUP]

    init() throws(DaemonError) {
        var ends: [Int32] = [-1, -1]
        guard nudge_pipe(&ends) == 0 else { throw .system("pipe2", errno) }
        descriptor = ends[0]
        signalPipeWriteEnd = ends[1]
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { signal in
            var byte = UInt8(truncatingIfNeeded: signal)
            _ = write(signalPipeWriteEnd, &byte, 1)
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
        for signal in Self.signals { Glibc.signal(signal, SIG_DFL) }
        close(descriptor)
        close(signalPipeWriteEnd)
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

/// The handler may touch only async-signal-safe state: one file descriptor.
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1
