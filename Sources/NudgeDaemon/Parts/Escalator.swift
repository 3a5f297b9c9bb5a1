import CNudgeLinux
import Foundation
import Logging
import NudgeCore
import NudgeStore

#if canImport(Glibc)
    import Glibc
#endif

/// Sends an unanswered alarm beyond this computer (`alarm.escalate_command`, ``EscalatingRule``):
/// claims it in the store, then starts the command without a shell in a process group of its
/// own, and never waits for it. Its end arrives as its pidfd turning readable on the loop; at
/// its deadline the whole group gets SIGTERM, and SIGKILL `grace` later, also what the command
/// left running after it exited: its leader is then kept unreaped until the group is ended, so
/// that the group's id (the leader's pid, held by the zombie) names no other process when
/// signalled. One runs at a time: another waits for the next plan.
/// Which process it is goes to the store as it starts (`LeftoverEscalations` ends it after a
/// killed daemon); its output is read on the loop, bounded (`EscalationOutput`), and logged at
/// its end.
final class Escalator {
    private struct Running {
        /// How far its deadline went: nothing sent, SIGTERM sent, SIGKILL sent.
        enum Ending { case running, terminated, killed }

        let key: String
        let pid: pid_t
        let pidfd: Int32
        let program: String
        let output: EscalationOutput
        var ending = Ending.running
        /// The leader ended with its group still running: unreaped until the group is ended.
        var leaderEnded = false
        /// It ended by itself before the deadline, leaving others of its group running.
        var leftRunning = false
    }

    private var running: Running?
    /// Fires when the running command has had its time.
    let deadline: OneShotTimer
    /// Commands a daemon before this one started and could not see end.
    let leftovers: LeftoverEscalations
    private let limit: TimeInterval
    /// From SIGTERM to SIGKILL at the deadline.
    private let grace: TimeInterval
    private let store: Store
    private let logger: Logger

    init(store: Store, limit: TimeInterval, grace: TimeInterval = 5, logger: Logger) throws(DaemonError) {
        deadline = try OneShotTimer()
        leftovers = try LeftoverEscalations(store: store, limit: limit, logger: logger)
        self.limit = limit
        self.grace = grace
        self.store = store
        self.logger = logger
    }

    /// The running command's pidfd, readable once it ended; -1 (ignored by poll) when none runs
    /// or its leader ended already (a zombie's pidfd stays readable).
    var endDescriptor: Int32 { running.flatMap { $0.leaderEnded ? nil : $0.pidfd } ?? -1 }

    /// The running command's output pipe; -1 when none runs or the pipe reached its end.
    var outputDescriptor: Int32 { running?.output.descriptor ?? -1 }

    /// On the loop, when the output pipe is readable.
    func readOutput() {
        running?.output.readAvailable()
    }

    /// After a plan: runs the pending escalation once it is unanswered; otherwise the instant
    /// it will be, for the daemon to wake at. Returns what to show when it could not start.
    func follow(_ pending: Escalation?, command: [String], now: Date) -> (wakeAt: Date?, failure: NotificationContent?)
    {
        guard var pending, running == nil, !isEscalated(pending.key) else { return (nil, nil) }
        if let awake = awakeAnswer(on: pending.key) { pending = pending.postponed(byAwakeAt: awake) }
        guard pending.unansweredAt <= now else { return (pending.unansweredAt, nil) }
        return (nil, start(pending, because: .unanswered, command: command, now: now))
    }

    /// "I'm awake" on the ringing alarm: its escalation is put off, never cancelled (the dose
    /// is still not taken). Recorded in the store, so that a restarted daemon puts it off too.
    func awake(_ pending: Escalation?, at now: Date) {
        guard let pending else { return }
        do { try store.recordEscalationAwake(key: pending.key, at: now) } catch {
            // Unrecorded, it escalates on the ring's time: the earlier, never the later.
            return logger.error("\(error)")
        }
        let until = pending.postponed(byAwakeAt: now).unansweredAt
        logger.info(
            "I'm awake: \(pending.key) escalates at \(Timestamp.format(until)) if still unanswered",
            metadata: ["event": "escalation_postponed", "key": "\(pending.key)", "at": "\(Timestamp.format(until))"])
    }

    /// A sleep comes while the alarm is pending: sent now, with the instant it rings, so that
    /// a service that delivers later rings while this computer sleeps.
    func escalateBeforeSleep(_ pending: Escalation?, command: [String], now: Date) -> NotificationContent? {
        guard let pending, running == nil else { return nil }
        return start(pending, because: .sleep, command: command, now: now)
    }

    private func start(_ escalation: Escalation, because reason: Store.EscalationReason, command: [String], now: Date)
        -> NotificationContent?
    {
        do {
            guard try store.claimEscalation(escalation, reason: reason, at: now) else { return nil }
            escalatedHere.insert(escalation.key)
        } catch {
            logger.error("\(error)")
            return nil
        }
        let environment = ProcessInfo.processInfo.environment.merging(escalation.environment) { $1 }
        var pidfd: Int32 = -1
        var output: Int32 = -1
        let pid = Self.spawn(command, environment: environment, pidfd: &pidfd, output: &output)
        guard pid > 0 else {
            return ended(
                escalation.key, program: command[0], outcome: "could not start: \(String(cString: strerror(-pid)))",
                succeeded: false, at: now)
        }
        running = Running(
            key: escalation.key, pid: pid, pidfd: pidfd, program: command[0],
            output: EscalationOutput(descriptor: output))
        deadline.arm(after: limit)
        recordProcess(pid, key: escalation.key)
        logger.notice(
            "escalating \(escalation.key) (\(reason.rawValue)): started \(command[0])",
            metadata: ["event": "escalation_started", "key": "\(escalation.key)", "reason": "\(reason.rawValue)"])
        return nil
    }

    /// On the loop, when the pidfd is readable: the leader ended. It is reaped and its end
    /// recorded, unless others of its group still run and no SIGKILL was sent: then it stays a
    /// zombie until the deadline ends them. Returns what to show when it failed.
    func commandEnded(at now: Date) -> NotificationContent? {
        guard let current = running, !current.leaderEnded else { return nil }
        let others = RunningProcess.members(ofGroup: current.pid).filter { $0.pid != current.pid }
        guard current.ending == .killed || others.isEmpty else {
            running?.leaderEnded = true
            running?.leftRunning = current.ending == .running
            logger.notice(
                "escalating \(current.key): \(current.program) ended, leaving \(others.count) running to its deadline",
                metadata: ["event": "escalation_left_running", "key": "\(current.key)", "count": "\(others.count)"])
            return nil
        }
        return finish(at: now)
    }

    /// On the loop, when the deadline fired: the whole group gets SIGTERM, and SIGKILL `grace`
    /// later; a leader that ended before is reaped then. Returns whether the command is over, and
    /// what to show when it failed.
    func deadlinePassed(at now: Date) -> (over: Bool, failure: NotificationContent?) {
        guard deadline.consume(), let current = running else { return (false, nil) }
        switch current.ending {
        case .running:
            running?.ending = .terminated
            kill(-current.pid, SIGTERM)
            deadline.arm(after: grace)
            return (false, nil)
        case .terminated, .killed:
            running?.ending = .killed
            kill(-current.pid, SIGKILL)
            // A leader still running ends of the SIGKILL, and its pidfd says so.
            guard current.leaderEnded else { return (false, nil) }
            return (true, finish(at: now))
        }
    }

    /// Reaps the leader and records how the command ended.
    private func finish(at now: Date) -> NotificationContent? {
        guard let finished = running else { return nil }
        var status: Int32 = 0
        // A readable pidfd is an ended child; one reaped elsewhere (-1) must not keep the loop spinning.
        let reaped = waitpid(finished.pid, &status, WNOHANG)
        guard reaped != 0 else { return nil }
        running = nil
        deadline.disarm()
        close(finished.pidfd)
        log(finished.output, of: finished)
        let exitStatus = (status >> 8) & 0xff
        var outcome: String
        if reaped < 0 {
            outcome = "ended, its status unknown (\(String(cString: strerror(errno))))"
        } else if finished.ending != .running, !finished.leftRunning {
            outcome = "killed at its deadline of \(Int(limit)) s"
        } else if status & 0x7f != 0 {
            outcome = "killed by signal \(status & 0x7f)"
        } else {
            outcome = "exited with status \(exitStatus)"
        }
        let succeeded = reaped > 0 && outcome == "exited with status 0"
        if finished.leftRunning {
            outcome += "; what it left running was ended at its deadline of \(Int(limit)) s"
        }
        return ended(finished.key, program: finished.program, outcome: outcome, succeeded: succeeded, at: now)
    }

    /// The daemon stops: a command still running is ended with it, not left behind.
    func stop(at now: Date) {
        guard let current = running else { return }
        kill(-current.pid, SIGKILL)
        waitpid(current.pid, nil, 0)
        close(current.pidfd)
        log(current.output, of: current)
        running = nil
        _ = ended(current.key, program: current.program, outcome: "stopped with the daemon", succeeded: false, at: now)
    }

    private func ended(_ key: String, program: String, outcome: String, succeeded: Bool, at now: Date)
        -> NotificationContent?
    {
        do { try store.recordEscalationEnded(key: key, outcome: outcome, at: now) } catch { logger.error("\(error)") }
        let metadata: Logger.Metadata = ["event": "escalation_ended", "key": "\(key)", "outcome": "\(outcome)"]
        guard !succeeded else {
            logger.notice("escalated \(key): \(program) \(outcome)", metadata: metadata)
            return nil
        }
        logger.error("escalating \(key) failed: \(program) \(outcome)", metadata: metadata)
        return NotificationContent(
            title: "The alarm could not be sent beyond this computer",
            body:
                "alarm.escalate_command (\(program)) \(outcome); its output is in the daemon's log. "
                + "Change it with: nudge settings set alarm.escalate_command '[\"/path/to/program\", ...]'",
            actions: [], urgency: .critical, category: "x-nudge.escalation")
    }

    /// Written as it starts: a daemon killed while it runs leaves the next one what to end.
    /// The child is not reaped before the daemon reaps it, so /proc names it even if it ended.
    private func recordProcess(_ pid: pid_t, key: String) {
        guard let process = RunningProcess.identity(of: pid) else { return }
        do { try store.recordEscalationProcess(key: key, process: process) } catch { logger.error("\(error)") }
    }

    /// The command's output, read to what the pipe holds at its end, into the log: a bounded
    /// head and tail, and how much was left out between them.
    private func log(_ output: EscalationOutput, of command: Running) {
        output.finish()
        guard let text = output.text else { return }
        logger.notice(
            "\(command.program) wrote \(output.total) bytes: \(text)",
            metadata: [
                "event": "escalation_output", "key": "\(command.key)", "bytes": "\(output.total)",
                "left_out": "\(output.leftOut)",
            ])
    }

    private func awakeAnswer(on key: String) -> Date? {
        do { return try store.escalationAwake(key: key) } catch {
            logger.error("\(error)")
            return nil
        }
    }

    /// The alarms this daemon escalated: a restore of a backup taken before takes their record
    /// out of the store, and the command ran again for the same alarm (hostile round on issue 41
    /// after B14).
    private var escalatedHere: Set<String> = []

    private func isEscalated(_ key: String) -> Bool {
        guard !escalatedHere.contains(key) else { return true }
        do { return try store.isEscalated(key: key) } catch {
            logger.error("\(error)")
            return true
        }
    }

    /// posix_spawn through the C shim; the pid, or -errno.
    private static func spawn(
        _ arguments: [String], environment: [String: String], pidfd: inout Int32, output: inout Int32
    ) -> pid_t {
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        return nudge_spawn_in_group(arguments[0], argv, envp, &pidfd, &output)
    }
}
