import Foundation
import Logging

/// One line per message on stderr: `nudge: warning: ...`. Under systemd (JOURNAL_STREAM set,
/// stderr connected to the journal) each line starts with its syslog priority, `<4>`, so
/// journald files it at the right level, and the `nudge:` prefix is left to the journal.
struct StderrLogHandler: LogHandler {
    let label: String
    var logLevel: Logger.Level
    var metadata: Logger.Metadata = [:]
    let toJournal: Bool

    init(label: String, level: Logger.Level, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.label = label
        logLevel = level
        toJournal = Self.stderrIsJournal(environment["JOURNAL_STREAM"])
    }

    /// JOURNAL_STREAM is "device:inode" of the journal's stream; it counts only if stderr is it.
    static func stderrIsJournal(_ value: String?) -> Bool {
        guard let parts = value?.split(separator: ":"), parts.count == 2, let device = UInt64(parts[0]),
            let inode = UInt64(parts[1])
        else {
            return false
        }
        var status = stat()
        guard fstat(STDERR_FILENO, &status) == 0 else { return false }
        return UInt64(status.st_dev) == device && UInt64(status.st_ino) == inode
    }

    static func priority(_ level: Logger.Level) -> Int {
        switch level {
        case .trace, .debug: 7
        case .info: 6
        case .notice: 5
        case .warning: 4
        case .error: 3
        case .critical: 2
        }
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let line =
            toJournal
            ? "<\(Self.priority(event.level))>\(event.message)\n" : "nudge: \(event.level): \(event.message)\n"
        FileHandle.standardError.write(Data(line.utf8))
    }
}
