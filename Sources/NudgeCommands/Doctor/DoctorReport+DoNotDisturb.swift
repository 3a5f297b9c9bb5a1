import Foundation
import NudgeCore
import NudgeNotifier
import NudgeReports
import NudgeStore
import NudgeSystem

extension DoctorReport {
    /// The dunstrc rule that lets nudge's alarm through a paused dunst (1.10 and later: pausing
    /// is level 100, and a rule's `override_pause_level` shows what it matches up to that level).
    static let dunstRule =
        "[nudge-alarm]\n            appname = nudge\n            urgency = critical\n            override_pause_level = 100"

    /// Whether the desktop is in Do Not Disturb now, which switch a meditation would quiet it
    /// with, and where a server holds even what breaks through it (a paused dunst).
    /// `alarmSounds`: whether nudge's own sound plays here (the bell played). `quietFailure`:
    /// the daemon's last call that failed to turn a switch on, said instead of the switch.
    /// `quieted`: the switch a meditation's daemon turned on, said when it is still on.
    static func doNotDisturbFindings(
        environment: [String: String], settings: NudgeCore.Settings?, alarmSounds: Bool,
        quietFailure: Store.QuietFailure? = nil, quieted: QuietedByNudge? = nil, clock: WallClock? = nil
    ) -> [Finding] {
        let watch = DoNotDisturbWatch(
            sessionBus: environment["DBUS_SESSION_BUS_ADDRESS"], readsGNOME: PersonClock.dconfCanRun(environment),
            quietsGNOME: DoNotDisturbWatch.desktopIsGNOME(environment)
        ) { _ in }
        let state = watch.firstState(within: TimeInterval(DoNotDisturbWatch.callTimeout) / 1000 * 2)
        // A paused dunst holds even the alarm's notification (said below): nudge's own sound rings.
        let alarm =
            state.sources.contains(.dunstPaused)
            ? "the dose alarm rings by nudge's own sound, and dunst shows its notification only as its line below says"
            : "the dose alarm breaks through"
        // Held by dunst and unheard: the alarm would be silent tonight.
        let silent = state.sources.contains(.dunstPaused) && !alarmSounds
        var findings: [Finding] = [
            silent
                ? .problem(
                    "Do Not Disturb: on (\(state)); dunst holds even the dose alarm, and nothing plays here (sound line below): the alarm would be silent",
                    fix: "unpause dunst (dunstctl set-paused false), or make sound work")
                : .fine(
                    state.isOn
                        ? "Do Not Disturb: on (\(state)); reminders set to hold wait for it to end, \(alarm)"
                        : "Do Not Disturb: off"),
            meditationQuietFinding(
                watch.quietSwitch, desktop: environment["XDG_CURRENT_DESKTOP"], alreadyOn: state.isOn,
                wanted: (settings ?? NudgeCore.Settings()).bool(.meditationDoNotDisturb), failure: quietFailure,
                clock: clock),
        ]
        if let byNudge = quietedByNudgeFinding(quieted, state: state, clock: clock) { findings.insert(byNudge, at: 1) }
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

    /// A meditation's call to turn the desktop's Do Not Disturb on failed (the daemon recorded
    /// it): it could not be quieted, whatever switch the server seems to have.
    static func quietFailureFinding(_ failure: Store.QuietFailure, clock: WallClock?) -> Finding {
        let when = clock.map { " at \(LocalFormat.dayAndTime(failure.at, clock: $0))" } ?? ""
        let switchName =
            switch DoNotDisturb.Source(switchName: failure.change) {
            case .inhibited: "the notification server's Inhibit (KDE Plasma)"
            case .dunstPaused: "dunst's paused property"
            case .gnome: "GNOME's show-banners"
            case nil: "its switch"
            }
        if failure.reason.contains(QuietSwitchOutcome.unansweredNote) {
            return .warning(
                "meditation: the desktop did not answer nudge's call to quiet it\(when) (\(switchName)): nudge took it as quiet and ended it at the session's end by leaving the bus with the connection that asked, which ends an inhibition on KDE Plasma (its cookie never came back)",
                fix:
                    "if Do Not Disturb stayed on after a session, turn it off on the desktop; a server this slow may need a restart"
            )
        }
        return .warning(
            "meditation: the desktop could not be quieted\(when): \(switchName) failed: \(TextInput.oneLine(failure.reason)); sessions go on with the desktop as it is",
            fix:
                "turn Do Not Disturb on yourself for a session, or say you know: nudge settings set meditation.do_not_disturb false"
        )
    }

    /// The switch a meditation turns on (``DoNotDisturbWatch/quietSwitch``, as the daemon's
    /// `DesktopQuieting` takes it), or why it will not quiet the desktop.
    /// `desktop`: `XDG_CURRENT_DESKTOP`, named where there is no switch. `failure`: the daemon's
    /// last call that failed to turn a switch on, said instead of the switch.
    static func meditationQuietFinding(
        _ quietSwitch: DoNotDisturb.Source?, desktop: String?, alreadyOn: Bool, wanted: Bool,
        failure: Store.QuietFailure? = nil, clock: WallClock? = nil
    ) -> Finding {
        guard wanted else {
            return .fine(
                "meditation: leaves the desktop's Do Not Disturb as it is (meditation.do_not_disturb is false)")
        }
        if let failure { return quietFailureFinding(failure, clock: clock) }
        let left = alreadyOn ? "; one started now leaves it as it is, since Do Not Disturb is on already" : ""
        switch quietSwitch {
        case .dunstPaused: return .fine("meditation: quiets the desktop by pausing dunst (its paused property)\(left)")
        case .inhibited:
            return .fine("meditation: quiets the desktop by the notification server's Inhibit (KDE Plasma)\(left)")
        case .gnome: return .fine("meditation: quiets the desktop by turning GNOME's show-banners off\(left)")
        case nil:
            let why =
                DoNotDisturbWatch.desktopIsGNOME(["XDG_CURRENT_DESKTOP": desktop ?? ""])
                ? "GNOME's notification settings (org.gnome.desktop.notifications) cannot be read here"
                : "this desktop is not GNOME, whose show-banners nudge would turn off (XDG_CURRENT_DESKTOP is \(desktop.map { "'\(TextInput.oneLine($0))'" } ?? "unset"))"
            return .warning(
                "meditation: a session will not quiet the desktop: nudge cannot set this desktop's Do Not Disturb: the notification server has no switch nudge can turn (dunst's paused, Plasma's Inhibit), and \(why)",
                fix:
                    "run dunst or KDE Plasma's notification server, or GNOME; or say you know: nudge settings set meditation.do_not_disturb false"
            )
        }
    }
}
