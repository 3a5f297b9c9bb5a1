import Foundation
import NudgeTestSupport
import Testing

/// The real daemon at rest wakes for nothing: no thread of it runs between two due instants
/// (issue 38: libdispatch's worker-pool monitor, once started, woke it every second).
@Suite(.ownThread, .daemonOnBus)
struct DaemonAtRestTests: DaemonScenario {
    /// Without systemd: no watchdog to ping.
    var environment: [String: String] {
        [
            "TZ": "UTC", "NUDGE_STORE": store, "DBUS_SESSION_BUS_ADDRESS": bus.address, "NOTIFY_SOCKET": "",
            "WATCHDOG_USEC": "",
        ]
    }

    /// After its first plan, its start-up backup and the checkpoint of start-up's writes, 30 s with nothing due (the check is at
    /// 20:00, eight hours on): at most 2 voluntary context switches over all its threads.
    @Test(.mostlyWaits) func theDaemonAtRestDoesNotWake() throws {
        let daemon = try startDaemon(at: "2026-11-21T12:00:00Z")
        #expect(daemon.waitForEvent("rescheduled", ["reason": "start"]), "\(daemon.stderr)")
        #expect(daemon.waitForEvent("rescheduled", ["reason": "backed up"], timeout: 60), "\(daemon.stderr)")
        // Start-up's writes settle into the store file once, a second on (issue 39): part of starting.
        #expect(daemon.waitForLog("checkpointed the store", timeout: 30), "\(daemon.stderr)")
        // What the last plan set going on other threads (GLib's answers to the GSettings read,
        // the loop's own log line in the watched directory) ends within moments; under a loaded
        // run it trailed into the window (6 switches, none on a Dispatch thread). So the window
        // opens at the first second in which no thread ran, within 10 s: a daemon that wakes
        // every second never has one, and is measured all the same.
        var before = Self.voluntarySwitches(of: daemon.pid)
        for _ in 0..<10 {
            Thread.sleep(forTimeInterval: 1)
            let now = Self.voluntarySwitches(of: daemon.pid)
            if now == before { break }
            before = now
        }
        // The measurement itself: 30 s of a daemon left alone.
        Thread.sleep(forTimeInterval: 30)
        let after = Self.voluntarySwitches(of: daemon.pid)
        let woke = after.map { thread, count in (thread, count - (before[thread] ?? 0)) }.filter { $0.1 > 0 }
        #expect(
            woke.map(\.1).reduce(0, +) <= 2,
            "woke: \(woke.map { "\($0.0) \($0.1)" }.sorted().joined(separator: ", "))\n\(daemon.stderr)")
    }

    /// Each thread's voluntary context switches, by "tid name".
    static func voluntarySwitches(of pid: Int32) -> [String: Int] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        var counts: [String: Int] = [:]
        for task in tasks {
            let name =
                (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/comm", encoding: .utf8))?
                .trimmingCharacters(in: .newlines) ?? ""
            guard let status = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/status", encoding: .utf8),
                let line = status.split(separator: "\n").first(where: { $0.hasPrefix("voluntary_ctxt_switches:") }),
                let count = Int(line.split(separator: ":")[1].trimmingCharacters(in: .whitespaces))
            else { continue }
            counts["\(task) \(name)"] = count
        }
        return counts
    }
}
