import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// When a running process started, from /proc: a temporary file last written before the
/// process that has its name's pid now started is not that process's (the pid was used again
/// after its writer was killed).
enum ProcessStart {
    /// The instant the process `pid` started; nil when /proc does not say (no such process,
    /// /proc mounted with hidepid). Its start in clock ticks after boot, rounded down, so it is
    /// never later than the real start; the boot's instant from CLOCK_BOOTTIME, the clock
    /// /proc counts in (to the microsecond, where /proc/stat's btime is cut to the second).
    static func instant(of pid: pid_t) -> Date? {
        guard let text = contents("/proc/\(pid)/stat"), let nameEnd = text.lastIndex(of: ")") else { return nil }
        // After the name (which may hold spaces and parentheses): the state is field 3, the
        // start time field 22.
        let fields = text[text.index(after: nameEnd)...].split(separator: " ")
        var sinceBoot = timespec()
        let ticksPerSecond = sysconf(Int32(_SC_CLK_TCK))
        guard fields.count > 19, let ticks = Double(fields[19]), ticksPerSecond > 0,
            clock_gettime(CLOCK_BOOTTIME, &sinceBoot) == 0
        else { return nil }
        let boot = Date().addingTimeInterval(-(Double(sinceBoot.tv_sec) + Double(sinceBoot.tv_nsec) / 1e9))
        return boot.addingTimeInterval(ticks / Double(ticksPerSecond))
    }

    /// A file of /proc read to its end (procfs gives a size of 0, which a sized read takes for empty).
    private static func contents(_ path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        return (try? handle.readToEnd()).map { String(decoding: $0, as: UTF8.self) }
    }
}
