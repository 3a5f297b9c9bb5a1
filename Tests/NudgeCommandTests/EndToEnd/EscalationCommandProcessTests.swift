import Foundation
import GRDB
import NudgeCore
import NudgeTestSupport
import Testing

/// `alarm.escalate_command` as a process, on the real binary (issue 41, the last hostile
/// round): a command a SIGKILLed daemon left hanging is ended by the next daemon with what it
/// started, and the store says so, while a recorded pid that names another process now is left
/// alone. Each wait is bounded and woken by the daemon's log, the files written, or the
/// process's pidfd.
@Suite(.ownThread, .daemonOnBus)
struct EscalationCommandProcessTests: DaemonScenario {
    init() throws {
        for (key, value) in [("symptom.reminder_enabled", "false"), ("sound.enabled", "false")] {
            _ = try NudgeBinary.run(["settings", "set", key, value], environment: environment)
        }
    }

    /// Dose 1 such that the alarm (dose 1 + 165 min) rang 11 minutes ago, unanswered: past its
    /// 10 minutes, it escalates at the daemon's first plan.
    func startNightWithTheAlarmUnanswered() throws {
        let alarm = Date(timeIntervalSince1970: (TestClock.now().timeIntervalSince1970 - 11 * 60).rounded())
        try nudge("dose", "1", "--at", Timestamp.format(alarm.addingTimeInterval(-165 * 60)))
    }

    @Test func aCommandLeftByAKilledDaemonIsEndedByTheNextOneAndRecorded() throws {
        // The shell waits on a child of its own: both are the command's, in its process group,
        // and both ignore SIGTERM, so only the SIGKILL after the next daemon's grace ends them.
        let childPID = directory.file("child.pid")
        try nudge(
            "settings", "set", "alarm.escalate_command",
            #"["/bin/sh", "-c", "trap '' TERM; sleep 600 & echo $! > \"$0\"; wait", "\#(childPID)"]"#)
        try startNightWithTheAlarmUnanswered()
        let daemon = try startDaemon()
        #expect(daemon.waitForEvent("escalation_started"), "\(daemon.stderr)")
        var recorded: [String: String] = [:]
        #expect(
            waitForStore {
                recorded = (try? rows("SELECT * FROM reminder_escalations").first) ?? [:]
                return recorded["command_pid", default: "NULL"] != "NULL"
            }, "\(recorded)")
        #expect(FileEvents.waitUntil(watching: [directory.path], timeout: 15) { Self.pid(in: childPID) != nil })
        let shell = try #require(recorded["command_pid"].flatMap { Int32($0) })
        let child = try #require(Self.pid(in: childPID))
        #expect(recorded["command_boot_id"] != "NULL" && recorded["command_start_ticks"] != "NULL", "\(recorded)")
        #expect(recorded["ended_at"] == "NULL", "\(recorded)")

        daemon.signal(SIGKILL)
        _ = daemon.waitForExit(timeout: 10)
        let shellEnd = try #require(ProcessEnd(pid: shell), "the command ended with the daemon")
        let childEnd = try #require(ProcessEnd(pid: child), "what it started ended with the daemon")

        let restarted = try startDaemon(log: "restarted.err")
        // Killed while its command ran: how the command ended is not known (issue 41, hostile round).
        let outcome =
            "outcome not known: the daemon that started it was killed while it ran; it still ran at the next daemon's start, which ended it"
        #expect(restarted.waitForEvent("escalation_ended", ["outcome": outcome]), "\(restarted.stderr)")
        #expect(shellEnd.wait(timeout: 15), "the command outlived the next daemon: \(restarted.stderr)")
        #expect(childEnd.wait(timeout: 15), "what it started outlived the next daemon")
        let ended = try #require(try rows("SELECT outcome, ended_at FROM reminder_escalations").first)
        #expect(ended["outcome"]?.hasPrefix(outcome) == true && ended["ended_at"] != "NULL", "\(ended)")
        #expect(!restarted.stderr.contains("escalation_started"), "run twice: \(restarted.stderr)")
    }

    /// The command exits at once, leaving a child in its group; the daemon, which holds the
    /// exited command unreaped until its deadline, is SIGKILLed first: the next one ends the
    /// child (started while the command could run, in the group its pid names), and records it.
    @Test func whatACommandLeftRunningOutlivesAKilledDaemonAndIsEndedByTheNextOne() throws {
        let childPID = directory.file("child.pid")
        try nudge(
            "settings", "set", "alarm.escalate_command",
            #"["/bin/sh", "-c", "trap '' TERM; sleep 600 & echo $! > \"$0\"; exit 0", "\#(childPID)"]"#)
        try startNightWithTheAlarmUnanswered()
        let daemon = try startDaemon()
        #expect(daemon.waitForEvent("escalation_left_running", ["count": "1"]), "\(daemon.stderr)")
        let child = try #require(Self.pid(in: childPID))
        defer { kill(child, SIGKILL) }
        let childEnd = try #require(ProcessEnd(pid: child), "it ended with the command")
        #expect(try rows("SELECT ended_at FROM reminder_escalations").first?["ended_at"] == "NULL")

        daemon.signal(SIGKILL)
        _ = daemon.waitForExit(timeout: 10)
        #expect(!childEnd.wait(timeout: 0.5), "it ended with the daemon")
        let restarted = try startDaemon(log: "restarted.err")
        let outcome =
            "outcome not known: the daemon that started it was killed while it ran; it had ended, and the next daemon ended what it left running"
        #expect(restarted.waitForEvent("escalation_ended", ["outcome": outcome]), "\(restarted.stderr)")
        // SIGTERM is ignored: the SIGKILL after the next daemon's grace (5 s) ends it.
        #expect(childEnd.wait(timeout: 15), "what the command left running outlived the next daemon")
        let ended = try #require(try rows("SELECT outcome, ended_at FROM reminder_escalations").first)
        #expect(ended["outcome"]?.hasPrefix(outcome) == true && ended["ended_at"] != "NULL", "\(ended)")
        #expect(!restarted.stderr.contains("escalation_started"), "run twice: \(restarted.stderr)")
    }

    /// A command that traps SIGTERM gets it from the next daemon, and ends on it within the
    /// grace, before any SIGKILL (hostile round on issue 41: not confirmed, the tester saw no
    /// "got TERM" in the command's file).
    @Test func aCommandThatTrapsTermIsSentItByTheNextDaemon() throws {
        let said = directory.file("said")
        try nudge(
            "settings", "set", "alarm.escalate_command",
            #"["/bin/sh", "-c", "trap 'echo got TERM > \"$0\"; exit 0' TERM; echo started > \"$0\"; sleep 600 & wait", "\#(said)"]"#
        )
        try startNightWithTheAlarmUnanswered()
        let daemon = try startDaemon()
        #expect(daemon.waitForEvent("escalation_started"), "\(daemon.stderr)")
        let text = { (try? String(contentsOfFile: said, encoding: .utf8)) ?? "" }
        #expect(FileEvents.waitUntil(watching: [directory.path], timeout: 15) { text() == "started\n" }, "\(text())")
        daemon.signal(SIGKILL)
        _ = daemon.waitForExit(timeout: 10)
        let restarted = try startDaemon(log: "restarted.err")
        #expect(restarted.waitForEvent("escalation_ended"), "\(restarted.stderr)")
        // Within the daemon's grace (5 s) from SIGTERM to SIGKILL.
        #expect(
            FileEvents.waitUntil(watching: [directory.path], timeout: 4) { text() == "got TERM\n" },
            "\(text()): \(restarted.stderr)")
        #expect(!restarted.stderr.contains("outlived SIGTERM"), "\(restarted.stderr)")
    }

    /// The pid a killed daemon recorded now names another process (the same pid, a later
    /// start): that process is never signalled, and the row records the command's end.
    @Test func aRecordedPidThatIsAnotherProcessNowIsLeftAlone() throws {
        let other = try Subprocess.spawn(
            "/bin/sleep", ["600"], environment: ["PATH": "/usr/bin:/bin"], stderrPath: directory.file("other.err"))
        defer {
            other.signal(SIGKILL)
            _ = other.waitForExit(timeout: 10)
        }
        let stat = try String(contentsOfFile: "/proc/\(other.pid)/stat", encoding: .utf8)
        let fields = stat[stat.index(after: try #require(stat.lastIndex(of: ")")))...].split(separator: " ")
        let started = try #require(Int64(fields[19]))
        let boot = try String(contentsOfFile: "/proc/sys/kernel/random/boot_id", encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let now = Timestamp.format(TestClock.now())
        try DatabaseQueue(path: store).write { db in
            try db.execute(
                sql: """
                    INSERT INTO reminder_escalations (reminder_key, kind, due_at, reason, started_at,
                        command_pid, command_start_ticks, command_boot_id)
                    VALUES ('dose2:earlier', 'dose2', ?, 'unanswered', ?, ?, ?, ?)
                    """, arguments: [now, now, other.pid, started - 1, boot])
        }
        let otherEnd = try #require(ProcessEnd(pid: other.pid))
        let daemon = try runningDaemon()
        #expect(
            daemon.waitForEvent("escalation_ended", ["key": "dose2:earlier", "outcome": Self.endedUnseen]),
            "\(daemon.stderr)")
        // An observation window longer than the daemon's SIGTERM-to-SIGKILL grace (5 s).
        #expect(!otherEnd.wait(timeout: 6), "another process was killed: \(daemon.stderr)")
        let row = try #require(try rows("SELECT outcome, ended_at FROM reminder_escalations").first)
        #expect(row["outcome"] == Self.endedUnseen, "\(row)")
    }

    /// A command that had ended when the next daemon started: whether it succeeded is not known.
    static let endedUnseen =
        "outcome not known: the daemon that started it was killed while it ran; it had ended by the next daemon's start"

    private static func pid(in file: String) -> Int32? {
        (try? String(contentsOfFile: file, encoding: .utf8)).flatMap {
            Int32($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }
}
