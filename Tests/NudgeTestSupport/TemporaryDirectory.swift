import Foundation

/// A directory of its own for one test, removed when the test lets go of it.
///
/// Its name carries the test process's pid (`nudge-test.PID.XXXXXX`). A run that crashed or was
/// killed removes nothing; the next run's first directory removes those of test processes that
/// no longer exist (`removeLeftovers`), so a crash leaves its files until the next `swift test`.
public final class TemporaryDirectory: @unchecked Sendable {
    public let path: String

    public init(_ label: String = "nudge-test") {
        _ = Self.leftoversRemoved
        var template = Array(
            (NSTemporaryDirectory() as NSString).appendingPathComponent("\(label).\(getpid()).XXXXXX").utf8CString)
        let created = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(created != nil, "mkdtemp failed: \(String(cString: strerror(errno)))")
        path = String(cString: template.withUnsafeBufferPointer { $0.baseAddress! })
    }

    public func file(_ name: String) -> String { "\(path)/\(name)" }

    deinit {
        // A store's connection closing on another thread deletes its -wal and -shm files while
        // this removes the tree, and FileManager stops at the entry that vanished: go again.
        for _ in 0..<10 where FileManager.default.fileExists(atPath: path) {
            try? FileManager.default.removeItem(atPath: path)
        }
    }

    private static let leftoversRemoved: Void = {
        removeLeftovers(in: NSTemporaryDirectory(), olderThan: Date().addingTimeInterval(-600))
    }()

    /// Removes the `nudge-*.PID.XXXXXX` directories in `parent` whose process is gone and which
    /// were last changed before `instant` (a pid of another pid namespace may look gone: its
    /// run would be writing).
    public static func removeLeftovers(in parent: String, olderThan instant: Date) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? []
        for name in names where name.hasPrefix("nudge-") {
            let parts = name.split(separator: ".")
            guard parts.count == 3, parts[2].count == 6, let pid = pid_t(parts[1]), pid != getpid(),
                kill(pid, 0) == -1, errno == ESRCH
            else { continue }
            let path = (parent as NSString).appendingPathComponent(name)
            let changed = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
            guard let changed, changed < instant else { continue }
            try? FileManager.default.removeItem(atPath: path)
        }
    }
}
