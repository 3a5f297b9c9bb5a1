import Foundation
import Logging
import Synchronization

/// A logger whose messages a test can wait for: the daemon's log is how it says what a thread
/// of its own (the backup's) found.
final class RecordedLog: Sendable {
    private let messages = Mutex<[String]>([])
    private let logged = DispatchSemaphore(value: 0)

    var logger: Logger {
        var logger = Logger(label: "test") { _ in Handler(log: self) }
        logger.logLevel = .debug
        return logger
    }

    /// Waits until `count` messages contain `text`; false after `timeout` seconds.
    func waitFor(_ text: String, count: Int = 1, timeout: TimeInterval = 30) -> Bool {
        let deadline = DispatchTime.now() + timeout
        while true {
            if messages.withLock({ $0.filter { $0.contains(text) }.count }) >= count { return true }
            guard logged.wait(timeout: deadline) == .success else { return false }
        }
    }

    var all: [String] { messages.withLock { $0 } }

    fileprivate func append(_ message: String) {
        messages.withLock { $0.append(message) }
        logged.signal()
    }

    private struct Handler: LogHandler {
        let log: RecordedLog
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .debug

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            log.append("\(event.level): \(event.message)")
        }
    }
}
