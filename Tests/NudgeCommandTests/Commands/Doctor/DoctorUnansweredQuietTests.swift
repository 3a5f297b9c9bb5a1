import Foundation
import NudgeNotifier
import NudgeStore
import NudgeTestSupport
import Testing

/// A meditation's Plasma `Inhibit` that the server answered too late (hostile round on issue
/// 41: doctor said "ok Do Not Disturb: on" while the inhibition nudge could not end held
/// reminders): doctor says the desktop did not answer and how nudge ended it, not that the
/// desktop could not be quieted.
struct DoctorUnansweredQuietTests: CommandScenario {
    let directory = TemporaryDirectory()

    @Test func anUnansweredInhibitIsSaidAsTakenOnAndEndedByLeavingTheBus() throws {
        #expect(nudge("settings", "set", "meditation.do_not_disturb", "true").status == 0)
        try Store(path: store).recordQuietFailure(
            Store.QuietFailure(
                at: Date(timeIntervalSince1970: 1_795_370_400), change: "plasma",
                reason: "Inhibit: Timeout was reached (\(QuietSwitchOutcome.unansweredNote))"))
        let doctor = nudge("doctor")
        let line = doctor.stdout.split(separator: "\n").first { $0.contains("meditation:") }.map(String.init) ?? ""
        #expect(
            line.contains("the desktop did not answer nudge's call to quiet it at ")
                && line.contains(
                    "(the notification server's Inhibit (KDE Plasma)): nudge took it as quiet and ended it at the session's end by leaving the bus"
                ), "\(doctor)")
        #expect(!doctor.stdout.contains("could not be quieted"), "\(doctor)")
    }
}
