import Foundation
import NudgeTestSupport
import Testing

/// `alarm.escalate_command` in doctor (issue 41, hostile round): a program removed after it
/// was set was found only when the alarm escalated, at night, and doctor said nothing of it.
struct DoctorEscalationTests: CommandScenario {
    let directory = TemporaryDirectory()

    @Test func aProgramGoneSinceItWasSetIsAProblem() throws {
        let program = directory.file("notify-carer")
        try "#!/bin/sh\nexit 0\n".write(toFile: program, atomically: true, encoding: .utf8)
        chmod(program, 0o755)
        #expect(nudge("settings", "set", "alarm.escalate_command", "[\"\(program)\", \"--urgent\"]").status == 0)
        let fine = nudge("doctor")
        #expect(
            fine.stdout.contains(
                "ok      alarm escalation: runs \(program) when the dose alarm is unanswered for 10 minutes"),
            "\(fine)")
        try FileManager.default.removeItem(atPath: program)
        let gone = nudge("doctor")
        #expect(
            gone.stdout.contains(
                "PROBLEM alarm escalation: \(program) is not a file, so a dose alarm unanswered for 10 minutes would not reach beyond this computer"
            ), "\(gone)")
        #expect(gone.stdout.contains("nudge settings reset alarm.escalate_command"), "\(gone)")
    }

    /// "1 minutes" (hostile round on issue 41).
    @Test func oneMinuteIsOne() throws {
        #expect(nudge("settings", "set", "alarm.escalate_command", "[\"/bin/true\"]").status == 0)
        #expect(nudge("settings", "set", "dose.escalate_after_minutes", "1").status == 0)
        let doctor = nudge("doctor")
        #expect(doctor.stdout.contains("when the dose alarm is unanswered for 1 minute\n"), "\(doctor)")
    }

    /// Doctor said ok right after the escalation failed (hostile round on issue 41): the last
    /// one that ended is said until one succeeds.
    @Test func aFailedEscalationIsSaidUntilOneSucceeds() throws {
        #expect(nudge("settings", "set", "alarm.escalate_command", "[\"/bin/false\"]").status == 0)
        try StoreQuery.write(
            store,
            """
            INSERT INTO reminder_escalations (reminder_key, kind, due_at, reason, started_at, ended_at, outcome)
            VALUES ('dose2:2026-11-21:alarm', 'dose2', '2026-11-21T03:00:00Z', 'unanswered', '2026-11-21T03:10:00Z',
                    '2026-11-21T03:10:01Z', 'exited with status 6')
            """)
        let failed = nudge("doctor")
        #expect(
            failed.stdout.contains("alarm escalation: the last one, at ")
                && failed.stdout.contains("did not succeed: /bin/false exited with status 6"), "\(failed)")
        try StoreQuery.write(
            store,
            """
            INSERT INTO reminder_escalations (reminder_key, kind, due_at, reason, started_at, ended_at, outcome)
            VALUES ('dose2:2026-11-22:alarm', 'dose2', '2026-11-22T03:00:00Z', 'unanswered', '2026-11-22T03:10:00Z',
                    '2026-11-22T03:10:01Z', 'exited with status 0')
            """)
        #expect(nudge("doctor").stdout.contains("ok      alarm escalation: runs /bin/false"))
    }

    /// A daemon killed while the command ran (hostile round on issue 41): its exit status is not
    /// known, and doctor says so rather than that it failed.
    @Test func anEscalationAKilledDaemonLeftIsNotKnownToHaveFailed() throws {
        #expect(nudge("settings", "set", "alarm.escalate_command", "[\"/bin/true\"]").status == 0)
        try StoreQuery.write(
            store,
            """
            INSERT INTO reminder_escalations (reminder_key, kind, due_at, reason, started_at, ended_at, outcome)
            VALUES ('dose2:2026-11-21:alarm', 'dose2', '2026-11-21T03:00:00Z', 'unanswered', '2026-11-21T03:10:00Z',
                    '2026-11-21T03:12:00Z',
                    'outcome not known: the daemon that started it was killed while it ran; it had ended by the next daemon''s start')
            """)
        let doctor = nudge("doctor")
        #expect(
            doctor.stdout.contains("WARNING alarm escalation: whether the last one, at ")
                && doctor.stdout.contains(
                    "reached anyone is not known: outcome not known: the daemon that started it was killed while it ran"
                ),
            "\(doctor)")
        #expect(!doctor.stdout.contains("did not succeed"), "\(doctor)")
    }

    @Test func noCommandSaysNothing() {
        #expect(!nudge("doctor").stdout.contains("alarm escalation"))
    }
}
