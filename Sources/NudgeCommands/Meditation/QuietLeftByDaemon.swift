import Foundation
import NudgeNotifier
import NudgeStore
import NudgeSystem

/// The desktop's Do Not Disturb a daemon turned on for a meditation and could not put back (it
/// was killed mid-session): `meditate stop` with no daemon on the store puts it back, by the
/// same switch, as the daemon would have at the session's end (issue 41: dunst stayed paused
/// until a daemon was started).
enum QuietLeftByDaemon {
    /// Puts back the switch the store's record (`desktop_quieted`) names for a meditation, when
    /// no daemon runs on the store (a running one puts it back itself); one the person turned
    /// off meanwhile is left off. The record is cleared once nothing of nudge's is on.
    static func putBack(_ store: Store, _ context: CommandContext) {
        guard DaemonLock.holder(storePath: context.storePath) == nil,
            let record = (try? store.quietedDesktop()) ?? nil, record.span.hasPrefix("meditation:")
        else { return }
        if let source = DoNotDisturb.Source(switchName: record.change), source != .inhibited {
            let variables = context.environment.variables
            let watch = DoNotDisturbWatch(
                sessionBus: variables["DBUS_SESSION_BUS_ADDRESS"], readsGNOME: PersonClock.dconfCanRun(variables),
                quietsGNOME: DoNotDisturbWatch.desktopIsGNOME(variables)
            ) { _ in }
            let state = watch.firstState(within: TimeInterval(DoNotDisturbWatch.callTimeout) / 1000 * 2)
            if state.sources.contains(source) {
                guard case .putBack = watch.turnOffNow(source) else {
                    // Kept: doctor still names it, and the next daemon puts it back.
                    return context.environment.errors(
                        "nudge: cannot put the desktop's Do Not Disturb back (\(source)), which the stopped daemon turned on for this session; start the daemon (systemctl --user start nudge) or turn it off yourself\n"
                    )
                }
                context.print(
                    "put the desktop's Do Not Disturb back (\(source)), which the stopped daemon had turned on")
            }
        }
        // Plasma's inhibition ended with the killed daemon's connection: nothing is on.
        do { try store.recordQuietedDesktop(nil) } catch {
            context.environment.errors("nudge: \(error)\n")
        }
    }
}
