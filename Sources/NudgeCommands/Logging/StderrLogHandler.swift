import Foundation
import Logging

/// One line per message on stderr: `nudge: warning: ...`. Under systemd (JOURNAL_STREAM set,
/// stderr connected to the journal) each line starts with its syslog priority, `<4>`, so
/// journald files it at the right level, and the `nudge:` prefix is left to the journal.
/// At `debug`, a message's metadata follows it as `key=value` fields (logfmt), sorted by key,
/// for programs and tests to read without depending on the sentence; above it the sentence
/// alone is written, since it already says what the fields say.
public struct StderrLogHandler: LogHandler {
    public let label: String
    public var logLevel: Logger.Level
    public var metadata: Logger.Metadata = [:]
    public let toJournal: Bool

    public init(label: String, level: Logger.Level, environment: [String: String] = ProcessInfo.processInfo.environment)
    {
        self.label = label
        logLevel = level
        toJournal = Self.stderrIsJournal(environment["JOURNAL_STREAM"])
    }

    /// JOURNAL_STREAM is "device:inode" of the journal's stream; it counts only if stderr is it.
    public static func stderrIsJournal(_ value: String?) -> Bool {
        guard let parts = value?.split(separator: ":"), parts.count == 2, let device = UInt64(parts[0]),
            let inode = UInt64(parts[1])
        else {
            return false
        }
        var status = stat()
        guard fstat(STDERR_FILENO, &status) == 0 else { return false }
        return UInt64(status.st_dev) == device && UInt64(status.st_ino) == inode
    }

    public static func priority(_ level: Logger.Level) -> Int {
        switch level {
        case .trace, .debug: 7
        case .info: 6
        case .notice: 5
        case .warning: 4
        case .error: 3
        case .critical: 2
        }
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        FileHandle.standardError.write(Data(line(event).utf8))
    }

    /// The line an event is written as, its newline included.
    public func line(_ event: LogEvent) -> String {
        let fields = logLevel > .debug ? "" : Self.fields(metadata.merging(event.metadata ?? [:]) { $1 })
        let text = fields.isEmpty ? "\(event.message)" : "\(event.message) · \(fields)"
        return toJournal ? "<\(Self.priority(event.level))>\(text)\n" : "nudge: \(event.level): \(text)\n"
    }

    /// `event=rescheduled reason="store changed"`: a value with a space, a quote or an equals
    /// sign is quoted, its quotes and backslashes escaped.
    public static func fields(_ metadata: Logger.Metadata) -> String {
        metadata.sorted { $0.key < $1.key }.map { key, value in
            let text = "\(value)"
            guard text.isEmpty || text.contains(where: { $0 == " " || $0 == "\"" || $0 == "=" || $0 == "\\" }) else {
                return "\(key)=\(text)"
            }
            let escaped = text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            return "\(key)=\"\(escaped)\""
        }.joined(separator: " ")
    }
}
