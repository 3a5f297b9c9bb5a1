import Foundation
import NudgeCore
import NudgeReports
import NudgeStore

extension DoctorReport {
    /// Where an unanswered dose alarm goes beyond this computer. `settings set` refuses a
    /// program that cannot run, but one removed or made unrunnable since would be found only at
    /// night, when the alarm needed it: doctor looks now.
    static func escalationFindings(
        _ settings: NudgeCore.Settings?, latestEnd: (endedAt: Date, outcome: String)?, clock: WallClock
    ) -> [Finding] {
        let settings = settings ?? NudgeCore.Settings()
        guard let program = settings.arguments(.alarmEscalateCommand).first else { return [] }
        let count = settings.int(.doseEscalateAfterMinutes)
        let minutes = "\(count) minute\(count == 1 ? "" : "s")"
        if let problem = SettingsSet.programProblem(program) {
            return [
                .problem(
                    "alarm escalation: \(problem.components(separatedBy: "; ").first ?? problem), so a dose alarm unanswered for \(minutes) would not reach beyond this computer",
                    fix:
                        "install it again, or name another: nudge settings set alarm.escalate_command '[\"/usr/bin/apprise\", ...]' (or none: nudge settings reset alarm.escalate_command)"
                )
            ]
        }
        // The setting can be sound and the command still fail (a wrong token, no network): the
        // last one that ended says so until one succeeds.
        // A daemon killed while it ran: no exit status to go by, and no failure to claim.
        if let last = latestEnd, last.outcome.hasPrefix(Store.escalationOutcomeUnknown) {
            return [
                .warning(
                    "alarm escalation: whether the last one, at \(LocalFormat.dateTime(last.endedAt, clock: clock)), reached anyone is not known: \(TextInput.oneLine(last.outcome))",
                    fix:
                        "ask whoever it notifies whether it arrived; the daemon's log says why it was killed (journalctl --user -u nudge)"
                )
            ]
        }
        if let last = latestEnd, !last.outcome.hasPrefix(Self.escalationSucceeded) {
            return [
                .warning(
                    "alarm escalation: the last one, at \(LocalFormat.dateTime(last.endedAt, clock: clock)), did not succeed: \(program) \(TextInput.oneLine(last.outcome))",
                    fix: "run it by hand to see why; the daemon's log has its output (journalctl --user -u nudge)")
            ]
        }
        return [.fine("alarm escalation: runs \(program) when the dose alarm is unanswered for \(minutes)")]
    }

    /// How a command that succeeded ended, as the daemon records it.
    static let escalationSucceeded = "exited with status 0"
}
