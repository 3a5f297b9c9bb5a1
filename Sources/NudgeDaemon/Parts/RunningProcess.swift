import Foundation
import NudgeStore

#if canImport(Glibc)
    import Glibc
#endif

/// A process as /proc names it across a daemon's death (`Store.EscalationProcess`): its pid,
/// when it started after boot, and the boot. The same pid with another start or boot is another
/// process, which nudge never signals.
enum RunningProcess {
    /// The process `pid` names now, a zombie too; nil where there is none (or /proc hides it).
    static func identity(of pid: pid_t) -> Store.EscalationProcess? {
        guard let stat = stat(of: pid), let boot = bootID else { return nil }
        return Store.EscalationProcess(pid: pid, startTicks: stat.startTicks, bootID: boot)
    }

    /// Whether `process` still runs: its pid names the same start in the same boot, and is no zombie.
    static func isRunning(_ process: Store.EscalationProcess) -> Bool {
        stat(of: process.pid).map { $0.state != "Z" } == true && identity(of: process.pid) == process
    }

    /// The processes now in the process group `group`, as they run.
    static func members(ofGroup group: pid_t) -> [Store.EscalationProcess] {
        let pids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc"))?.compactMap { pid_t($0) } ?? []
        return pids.compactMap { pid in
            guard let stat = stat(of: pid), stat.group == group, stat.state != "Z" else { return nil }
            return identity(of: pid)
        }
    }

    /// What `leader`, ended, left running in its group: the processes of the group its pid
    /// names, of its boot, started from its start to `lifetime` after it (while the command
    /// could run). None where its pid names another process now, which may lead a group of that
    /// id. A group's id stays taken while one process is in it; once it emptied, only a process
    /// given the pid after the id wrapped around within `lifetime` could be taken for it.
    static func leftRunning(by leader: Store.EscalationProcess, within lifetime: TimeInterval)
        -> [Store.EscalationProcess]
    {
        if let now = identity(of: leader.pid), now != leader { return [] }
        let last = leader.startTicks + Int64(lifetime * Double(sysconf(Int32(_SC_CLK_TCK))))
        return members(ofGroup: leader.pid).filter {
            $0.pid != leader.pid && $0.bootID == leader.bootID && (leader.startTicks...last).contains($0.startTicks)
        }
    }

    private static var bootID: String? {
        contents("/proc/sys/kernel/random/boot_id")?.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Fields 3 (state), 5 (process group) and 22 (start in clock ticks after boot) of
    /// /proc/PID/stat, counted after the name, which may hold spaces and parentheses.
    private static func stat(of pid: pid_t) -> (state: Character, group: pid_t, startTicks: Int64)? {
        guard let text = contents("/proc/\(pid)/stat"), let nameEnd = text.lastIndex(of: ")") else { return nil }
        let fields = text[text.index(after: nameEnd)...].split(separator: " ")
        guard fields.count > 19, let state = fields[0].first, let group = pid_t(fields[2]),
            let ticks = Int64(fields[19])
        else { return nil }
        return (state, group, ticks)
    }

    /// A file of /proc read to its end (procfs gives a size of 0, which a sized read takes for empty).
    private static func contents(_ path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        return (try? handle.readToEnd()).map { String(decoding: $0, as: UTF8.self) }
    }
}
