import Foundation
import NudgeCore
import NudgeNotifier
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// What the notification server reported, kept on disk from the moment it arrived until it is
/// in the store (`STORE.answers`, one line each).
///
/// Between a click reaching the process and its transaction committing, the store may be locked
/// by another program for seconds; a daemon killed then would lose the click. The journal is
/// appended and synced on the GLib thread as the signal arrives, read back on start, and
/// emptied once everything in it is recorded. Replaying is safe: the first answer wins.
final class AnswerJournal: Sendable {
    private let path: String
    /// The file, and how many lines it holds.
    private let file = Mutex<(descriptor: Int32, lines: Int)>((-1, 0))

    init(storePath: String) throws(DaemonError) {
        path = storePath + ".answers"
        let opened = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard opened >= 0 else { throw .system("open \(path)", errno) }
        let lines = Self.read(path).count
        file.withLock { $0 = (opened, lines) }
    }

    deinit { file.withLock { close($0.descriptor) } }

    /// The events a previous daemon received and may not have recorded, oldest first.
    func pending() -> [(NotifierEvent, Date)] {
        Self.read(path).compactMap(Self.decode)
    }

    private static func read(_ path: String) -> [String] {
        ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// Appends and syncs one event, on the GLib thread before the event is queued; false for
    /// events that are not kept (the server appearing or vanishing).
    func append(_ event: NotifierEvent, at instant: Date) -> Bool {
        guard let line = Self.encode(event, at: instant) else { return false }
        let bytes = Array((line + "\n").utf8)
        file.withLock { file in
            _ = bytes.withUnsafeBytes { write(file.descriptor, $0.baseAddress, $0.count) }
            _ = fdatasync(file.descriptor)
            file.lines += 1
        }
        return true
    }

    /// Empties the journal when `recorded` is every line it holds (none arrived meanwhile).
    func clear(ifItHolds recorded: Int) -> Bool {
        file.withLock { file in
            guard file.lines == recorded else { return false }
            if recorded > 0 { _ = ftruncate(file.descriptor, 0) }
            file.lines = 0
            return true
        }
    }

    /// `1795227441.057 action 12 take`: when it arrived (epoch seconds), what, which notification.
    private static func encode(_ event: NotifierEvent, at instant: Date) -> String? {
        let stamp = String(format: "%.3f", instant.timeIntervalSince1970)
        switch event {
        case .actionInvoked(let id, let action) where !action.contains(where: \.isWhitespace):
            return "\(stamp) action \(id) \(action)"
        case .closed(let id, let reason):
            return "\(stamp) closed \(id) \(reason.rawValue)"
        case .actionInvoked, .serverAppeared, .serverVanished:
            return nil
        }
    }

    private static func decode(_ line: String) -> (NotifierEvent, Date)? {
        let words = line.split(separator: " ").map(String.init)
        guard words.count == 4, let seconds = Double(words[0]), let id = UInt32(words[2]) else { return nil }
        let instant = Date(timeIntervalSince1970: seconds)
        switch words[1] {
        case "action": return (.actionInvoked(notificationID: id, action: words[3]), instant)
        case "closed": return CloseReason(rawValue: words[3]).map { (.closed(notificationID: id, reason: $0), instant) }
        default: return nil
        }
    }
}
