import Foundation
import NudgeCore
import NudgeNotifier
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// What the notification server said, kept on disk from the moment it said it until it is in the
/// store (`STORE.answers`, one line each): the clicks and closes it reported, and the ids it
/// gave to what it accepted.
///
/// Between the server's word reaching the process and its transaction committing, the store
/// may be locked by another program for seconds; a daemon killed then would lose a click, or
/// show a notification twice and lose the click on the first copy. The ledger is appended and
/// synced at once, read back on start, and emptied once everything in it is recorded.
/// Replaying is safe: the first answer wins, and "shown" only records what happened.
///
/// Lines are appended by two threads (clicks on the GLib thread, "shown" on the main thread) and
/// recorded in another order than they were written, so each line is named (`Line`) and told
/// recorded by name, and the ledger is only ever emptied whole, once every line written is in
/// the store: a count of lines could be told by something that wrote none (a bell) and empty the
/// ledger under a click still waiting to be recorded.
final class ClickLedger: Sendable {
    /// A line by the order it was written in since the daemon started; never given twice.
    typealias Line = UInt64

    private let path: String
    /// The file, how many lines were written (or found at start), which are not in the store,
    /// and how many had been written when it was last emptied.
    private let file = Mutex<(descriptor: Int32, written: Line, unrecorded: Set<Line>, emptiedAt: Line)>((-1, 0, [], 0))
    /// What a previous daemon heard and may not have recorded, oldest first.
    let pending: [(entry: Entry, at: Date, line: Line)]

    init(storePath: String) throws(DaemonError) {
        path = storePath + ".answers"
        let opened = try Self.open(path)
        let found = ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").compactMap {
            Self.decode(String($0))
        }
        pending = found.enumerated().map { ($0.element.0, $0.element.1, Line($0.offset)) }
        file.withLock { $0 = (opened, Line(found.count), Set(pending.map(\.line)), 0) }
    }

    deinit { _ = file.withLock { close($0.descriptor) } }

    /// Opens the ledger without waiting (a FIFO in its place would hold the open for good) and
    /// keeps it only if it is a regular file.
    private static func open(_ path: String) throws(DaemonError) -> Int32 {
        let opened = Glibc.open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NONBLOCK, 0o600)
        guard opened >= 0 else {
            throw errno == ENXIO ? .notRegularFile(path) : .system("open \(path)", errno)
        }
        var status = stat()
        guard fstat(opened, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(opened)
            throw .notRegularFile(path)
        }
        return opened
    }

    /// The ledger removed while the daemon runs: appended to, the deleted file would keep what
    /// no later daemon reads. A new one is opened in its place.
    private func reopenedIfRemoved(_ descriptor: Int32) -> Int32 {
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_nlink == 0, let reopened = try? Self.open(path) else {
            return descriptor
        }
        close(descriptor)
        return reopened
    }

    enum Entry: Equatable {
        case event(NotifierEvent)
        /// The server accepted delivery `deliveryID` under `notificationID`.
        case shown(deliveryID: Int64, notificationID: UInt32)
    }

    /// Appends and syncs one event, on the GLib thread before the event is queued; nil for
    /// events that are not kept (the server appearing or vanishing).
    func append(_ entry: Entry, at instant: Date) -> Line? {
        guard let text = Self.encode(entry, at: instant) else { return nil }
        let bytes = Array((text + "\n").utf8)
        return file.withLock { file in
            file.descriptor = reopenedIfRemoved(file.descriptor)
            _ = bytes.withUnsafeBytes { write(file.descriptor, $0.baseAddress, $0.count) }
            _ = fdatasync(file.descriptor)
            let line = file.written
            file.written += 1
            file.unrecorded.insert(line)
            return line
        }
    }

    /// Counts these lines as in the store, and empties the ledger once every line is. Stale
    /// lines must not linger: a restarted server reuses notification ids.
    func recorded(_ lines: [Line]) {
        file.withLock { file in
            file.unrecorded.subtract(lines)
            guard file.unrecorded.isEmpty, file.written > file.emptiedAt, ftruncate(file.descriptor, 0) == 0 else {
                return
            }
            file.emptiedAt = file.written
        }
    }

    /// `1795227441.057 action 12 take`: when it arrived (epoch seconds), what, which notification.
    private static func encode(_ entry: Entry, at instant: Date) -> String? {
        let stamp = String(format: "%.3f", instant.timeIntervalSince1970)
        switch entry {
        case .event(.actionInvoked(let id, let action)) where !action.contains(where: \.isWhitespace):
            return "\(stamp) action \(id) \(action)"
        case .event(.replied(let id, let text)):
            // One line whatever was typed; in this file (0600) only until the store has it.
            return "\(stamp) reply \(id) \(Data(text.utf8).base64EncodedString())"
        case .event(.closed(let id, let reason)):
            return "\(stamp) closed \(id) \(reason.rawValue)"
        case .shown(let delivery, let id):
            return "\(stamp) shown \(delivery) \(id)"
        case .event:
            return nil
        }
    }

    private static func decode(_ line: String) -> (Entry, Date)? {
        let words = line.split(separator: " ").map(String.init)
        guard words.count == 4, let seconds = Double(words[0]) else { return nil }
        let instant = Date(timeIntervalSince1970: seconds)
        switch words[1] {
        case "action":
            return UInt32(words[2]).map { (.event(.actionInvoked(notificationID: $0, action: words[3])), instant) }
        case "reply":
            guard let id = UInt32(words[2]), let data = Data(base64Encoded: words[3]) else { return nil }
            return (.event(.replied(notificationID: id, text: String(decoding: data, as: UTF8.self))), instant)
        case "closed":
            guard let id = UInt32(words[2]), let reason = CloseReason(rawValue: words[3]) else { return nil }
            return (.event(.closed(notificationID: id, reason: reason)), instant)
        case "shown":
            guard let delivery = Int64(words[2]), let id = UInt32(words[3]) else { return nil }
            return (.shown(deliveryID: delivery, notificationID: id), instant)
        default:
            return nil
        }
    }
}
