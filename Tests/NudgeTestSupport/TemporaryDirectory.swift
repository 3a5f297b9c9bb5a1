import Foundation

/// A directory of its own for one test, removed when the test lets go of it.
public final class TemporaryDirectory: @unchecked Sendable {
    public let path: String

    public init(_ label: String = "nudge-test") {
        var template = Array((NSTemporaryDirectory() as NSString).appendingPathComponent("\(label).XXXXXX").utf8CString)
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
}
