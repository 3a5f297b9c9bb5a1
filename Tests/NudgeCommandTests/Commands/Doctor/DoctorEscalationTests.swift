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

    @Test func noCommandSaysNothing() {
        #expect(!nudge("doctor").stdout.contains("alarm escalation"))
    }
}
