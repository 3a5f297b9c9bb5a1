import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What `alarm.escalate_command` writes (stdout and stderr, one pipe), kept bounded for the
/// daemon's log: its first and its last `keep` bytes, and how many were left out between them
/// (a command that wrote 50 MB once put all of it in the log).
/// The pipe is read on the loop whenever it is readable, so a chatty command never blocks on a
/// full pipe, and the daemon's memory holds twice `keep` whatever it writes.
final class EscalationOutput {
    /// The pipe's read end (non-blocking); -1 once it reached its end or was closed.
    private(set) var descriptor: Int32
    private let keep: Int
    private var head: [UInt8] = []
    /// The last `keep` bytes read, in a ring that starts at `tailStart` once full.
    private var tail: [UInt8] = []
    private var tailStart = 0
    private(set) var total = 0

    init(descriptor: Int32, keep: Int = 4096) {
        self.descriptor = descriptor
        self.keep = keep
    }

    deinit { close() }

    /// Reads what the pipe holds now, at most `budget` bytes, so that one chatty command cannot
    /// keep the loop from its other sources; the pipe is closed at its end.
    func readAvailable(budget: Int = 1 << 18) {
        var chunk = [UInt8](repeating: 0, count: 65536)
        var read = 0
        while descriptor >= 0, read < budget {
            let count = Glibc.read(descriptor, &chunk, chunk.count)
            if count > 0 {
                take(chunk[..<count])
                read += count
            } else if count < 0, errno == EINTR {
                continue
            } else {
                // EAGAIN: nothing more now. 0: every writer closed it. Another error: no more to read.
                if count == 0 || errno != EAGAIN { close() }
                return
            }
        }
    }

    /// The command ended: what the pipe holds now is read (a pipe holds 64 KiB), and the pipe
    /// closed, so that a process it left behind writing on gets EPIPE, never holds the loop.
    func finish() {
        readAvailable()
        close()
    }

    /// How many bytes were read and not kept (between the head and the tail).
    var leftOut: Int { total - head.count - tail.count }

    /// The output for the log, on one line (a newline shown as `\n`, another control character
    /// as `\u{…}`): the head, then how much was left out and the tail; nil for no output.
    var text: String? {
        guard total > 0 else { return nil }
        let ordered = Array(tail[tailStart...] + tail[..<tailStart])
        guard leftOut > 0 else { return Self.oneLine(head + ordered) }
        return Self.oneLine(head) + " … \(leftOut) bytes left out … " + Self.oneLine(ordered)
    }

    private func take(_ bytes: ArraySlice<UInt8>) {
        total += bytes.count
        var rest = bytes
        if head.count < keep {
            let taken = rest.prefix(keep - head.count)
            head += taken
            rest = rest.dropFirst(taken.count)
        }
        for byte in rest.suffix(keep) {
            if tail.count < keep {
                tail.append(byte)
            } else {
                tail[tailStart] = byte
                tailStart = (tailStart + 1) % keep
            }
        }
    }

    private func close() {
        guard descriptor >= 0 else { return }
        _ = Glibc.close(descriptor)
        descriptor = -1
    }

    private static func oneLine(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self).unicodeScalars.map { scalar in
            switch scalar {
            case "\n": "\\n"
            case "\t": "\t"
            case _ where scalar.properties.generalCategory == .control: "\\u{\(String(scalar.value, radix: 16))}"
            default: String(scalar)
            }
        }.joined()
    }
}
