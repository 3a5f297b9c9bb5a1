import Foundation
import NudgeNotifier
import NudgeReports
import NudgeSystem

extension DoctorReport {
    /// The dunstrc rule that lets nudge's alarm through a paused dunst (1.10 and later: pausing
    /// is level 100, and a rule's `override_pause_level` shows what it matches up to that level).
    static let dunstRule =
        "[nudge-alarm]\n            appname = nudge\n            urgency = critical\n            override_pause_level = 100"

    /// Whether the desktop is in Do Not Disturb now, and where a server holds even what breaks
    /// through it (a paused dunst).
    static func doNotDisturbFindings(environment: [String: String]) -> [Finding] {
        let watch = DoNotDisturbWatch(
            sessionBus: environment["DBUS_SESSION_BUS_ADDRESS"], readsGNOME: PersonClock.dconfCanRun(environment)
        ) { _ in }
        let state = watch.firstState(within: TimeInterval(DoNotDisturbWatch.callTimeout) / 1000 * 2)
        var findings: [Finding] = [
            .fine(
                state.isOn
                    ? "Do Not Disturb: on (\(state)); reminders set to hold wait for it to end, the dose alarm breaks through"
                    : "Do Not Disturb: off")
        ]
        guard let dunst = watch.dunst else { return findings }
        if dunst.hasPauseLevels {
            findings.append(
                .warning(
                    "dunst: a paused dunst holds even critical notifications unless a rule lets nudge's through; nudge rings the dose alarm itself meanwhile",
                    fix: "unless your dunstrc has it, add:\n            \(dunstRule)"))
        } else {
            findings.append(
                .warning(
                    "dunst: a paused dunst holds every notification, critical ones too, and this dunst (before 1.10) has no rule that lets one through; nudge rings the dose alarm itself, and dunst shows it once unpaused",
                    fix:
                        "do not leave dunst paused while a dose-2 alarm is due, or upgrade to dunst 1.10 or later and add to dunstrc:\n            \(dunstRule)"
                ))
        }
        return findings
    }
}
