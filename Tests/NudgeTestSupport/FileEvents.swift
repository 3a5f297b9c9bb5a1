import Foundation

/// Bounded waits driven by inotify: the condition is checked again each time something in the
/// watched directories changes, never on a timer.
public enum FileEvents {
    @discardableResult
    public static func waitUntil(watching directories: [String], timeout: TimeInterval, _ condition: () -> Bool) -> Bool
    {
        let descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        precondition(descriptor >= 0, "inotify_init1 failed")
        defer { close(descriptor) }
        for directory in directories {
            _ = inotify_add_watch(
                descriptor, directory, UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_CREATE | IN_MOVED_TO | IN_DELETE))
        }
        let deadline = Date().addingTimeInterval(timeout)
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            if condition() { return true }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { return false }
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&entry, 1, Int32(min(remaining * 1000, Double(Int32.max)).rounded(.up)))
            while read(descriptor, &buffer, buffer.count) > 0 {}
        }
    }
}
