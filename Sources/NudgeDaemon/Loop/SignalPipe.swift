import CNudgeLinux
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// SIGTERM, SIGINT, SIGHUP and SIGUSR1 turned into records on a pipe the event loop polls: the
/// signal and the number it was sent with (`nudge ack ID awake` sends the delivery's id).
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
    static let signals = [SIGTERM, SIGINT, SIGHUP, SIGUSR1]

    /// One signal received, and the number sigqueue sent it with (nil for kill's).
    struct Received: Equatable {
        let number: Int32
        let value: Int64?
    }

    init() throws(DaemonError) {
        var ends: [Int32] = [-1, -1]
        guard nudge_pipe(&ends) == 0 else { throw .system("pipe2", errno) }
        descriptor = ends[0]
        writeEnd = ends[1]
        signalPipeWriteEnd.store(ends[1], ordering: .sequentiallyConsistent)
        var action = sigaction()
        action.__sigaction_handler.sa_sigaction = { signal, info, _ in
            // One write of a whole record: a pipe writes up to PIPE_BUF bytes at once or not at all.
            var record = (Int64(signal), Int64(nudge_siginfo_queued_value(info)))
            _ = withUnsafeBytes(of: &record) {
                write(signalPipeWriteEnd.load(ordering: .sequentiallyConsistent), $0.baseAddress, $0.count)
            }
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART | SA_SIGINFO
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

    /// Read by `pending()` and not consumed yet.
    private var unconsumed: [Received] = []

    /// The signals received since the last call, in order.
    func consume() -> [Received] {
        defer { unconsumed.removeAll() }
        return unconsumed + readRecords()
    }

    /// Whether SIGTERM or SIGINT came and waits to be consumed: for a wait outside the loop.
    func stopPending() -> Bool {
        unconsumed += readRecords()
        return unconsumed.contains { $0.number == SIGTERM || $0.number == SIGINT }
    }

    private func readRecords() -> [Received] {
        // Whole records only: every write is one, and the buffer holds a whole number of them.
        let size = MemoryLayout<(Int64, Int64)>.size
        var bytes = [UInt8](repeating: 0, count: size * 8)
        var received: [Received] = []
        while true {
            let count = read(descriptor, &bytes, bytes.count)
            guard count > 0 else { return received }
            for offset in stride(from: 0, to: count - size + 1, by: size) {
                let (number, value) = bytes.withUnsafeBytes {
                    (
                        $0.loadUnaligned(fromByteOffset: offset, as: Int64.self),
                        $0.loadUnaligned(fromByteOffset: offset + 8, as: Int64.self)
                    )
                }
                received.append(Received(number: Int32(truncatingIfNeeded: number), value: value < 0 ? nil : value))
            }
        }
    }
}

/// The handler may touch only async-signal-safe state: one lock-free atomic file descriptor.
private let signalPipeWriteEnd = Atomic<Int32>(-1)
