import Foundation
import Logging
import NudgeStore

#if canImport(Glibc)
    import Glibc
#endif

/// The escalation commands a daemon left running when it was killed (SIGKILL, a crash): each
/// row of `reminder_escalations` started and never ended. At the next start one whose pid still
/// names the same process (its start and boot, `RunningProcess`) is ended with its process
/// group, SIGTERM then SIGKILL `grace` later on the loop, and every such row records its end;
/// a pid that names another process now is never signalled. One whose leader ended but left
/// processes of its group running (the killed daemon held its zombie until its deadline) has
/// those ended one by one, as `RunningProcess.leftRunning` finds them.
final class LeftoverEscalations {
    /// Fires when the commands sent SIGTERM have had their time to end.
    let graceTimer: OneShotTimer
    private let grace: TimeInterval
    /// How long a command could run (its limit and grace): what it left running started within.
    private let lifetime: TimeInterval
    private let store: Store
    private let logger: Logger
    /// The processes sent SIGTERM (each group's leader first), for SIGKILL where they outlive it.
    private var terminated: [Store.EscalationProcess] = []

    init(store: Store, limit: TimeInterval, grace: TimeInterval = 5, logger: Logger) throws(DaemonError) {
        graceTimer = try OneShotTimer()
        self.grace = grace
        lifetime = limit + grace
        self.store = store
        self.logger = logger
    }

    /// At start, before any plan: ends what a killed daemon left running, and records it.
    func end(at now: Date) {
        let unfinished: [(key: String, process: Store.EscalationProcess)]
        do { unfinished = try store.unfinishedEscalationProcesses() } catch { return logger.error("\(error)") }
        for (key, process) in unfinished {
            // Whether it reached anyone is not known: its exit status went to whoever reaped it.
            let unknown = "\(Store.escalationOutcomeUnknown): the daemon that started it was killed while it ran; "
            let outcome: String
            if RunningProcess.isRunning(process) {
                let group = RunningProcess.members(ofGroup: process.pid).filter { $0 != process }
                // Its group, and itself in case it left the group it was started in.
                kill(-process.pid, SIGTERM)
                kill(process.pid, SIGTERM)
                terminated += [process] + group
                outcome = unknown + "it still ran at the next daemon's start, which ended it"
            } else if case let left = RunningProcess.leftRunning(by: process, within: lifetime), !left.isEmpty {
                for member in left { kill(member.pid, SIGTERM) }
                terminated += left
                outcome = unknown + "it had ended, and the next daemon ended what it left running"
            } else {
                outcome = unknown + "it had ended by the next daemon's start"
            }
            do { try store.recordEscalationEnded(key: key, outcome: outcome, at: now) } catch {
                logger.error("\(error)")
            }
            logger.notice(
                "escalation \(key): its command (pid \(process.pid)) \(outcome)",
                metadata: ["event": "escalation_ended", "key": "\(key)", "outcome": "\(outcome)"])
        }
        if !terminated.isEmpty { graceTimer.arm(after: grace) }
    }

    /// On the loop, when the grace passed: what is still the same process is killed.
    func gracePassed() {
        guard graceTimer.consume() else { return }
        killSurvivors()
    }

    /// The daemon stops: nothing would end them later.
    func stop() {
        graceTimer.disarm()
        killSurvivors()
    }

    private func killSurvivors() {
        for process in terminated where RunningProcess.isRunning(process) {
            kill(process.pid, SIGKILL)
            logger.notice("killed pid \(process.pid), a killed daemon's escalation command that outlived SIGTERM")
        }
        terminated = []
    }
}
