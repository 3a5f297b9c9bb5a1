import Foundation
import Logging
import NudgeNotifier
import NudgeStore

/// The desktop's Do Not Disturb (`DoNotDisturbWatch`, followed by signal) and the occurrences
/// it holds now: claimed, not sent, and left out of every plan's showing until it ends.
final class DoNotDisturbHold {
    /// What nudge turns on itself for a span that wants the desktop quiet: heard with every
    /// change of the desktop's state, and decided by it.
    let quieting: DesktopQuieting
    /// From `watch()` on; each change reaches the loop as `.doNotDisturb`.
    private(set) var doNotDisturbWatch: DoNotDisturbWatch?
    /// As the desktop last said; off until it said anything, or where nothing can say.
    private(set) var state = DoNotDisturb()
    /// Why to plan again for the changes heard in the loop's batch of events, until it is planned.
    var unplanned: String?
    /// Held now, by key: a plan does not show them again until Do Not Disturb ends.
    private var held: Set<String> = []
    private let logger: Logger

    init(store: Store, events: EventQueue, logger: Logger) throws(DaemonError) {
        quieting = try DesktopQuieting(store: store, events: events, logger: logger)
        self.logger = logger
    }

    /// Reads the desktop's state and follows its changes. The first reading is waited for
    /// (within a server's call timeout), so that nothing held is sent at the start before it is
    /// known whether Do Not Disturb is on.
    func watch(
        sessionBus: String?, readsGNOME: Bool, quietsGNOME: Bool, lateAnswer: TimeInterval, events: EventQueue
    ) {
        let watch = DoNotDisturbWatch(
            sessionBus: sessionBus, readsGNOME: readsGNOME, quietsGNOME: quietsGNOME, lateAnswer: lateAnswer
        ) { events.push(.doNotDisturb($0)) }
        doNotDisturbWatch = watch
        _ = heard(watch.firstState(within: TimeInterval(DoNotDisturbWatch.callTimeout) / 1000 * 2))
    }

    /// What the desktop said reached the loop; true when Do Not Disturb went on or off.
    func heard(_ new: DoNotDisturb) -> Bool {
        let was = state.isOn
        state = new
        guard new.isOn != was else { return false }
        logger.info(
            new.isOn ? "Do Not Disturb is on (\(new))" : "Do Not Disturb is off",
            metadata: ["event": "do_not_disturb", "on": new.isOn ? "yes" : "no"])
        return true
    }

    func holds(_ key: String) -> Bool { held.contains(key) }

    var holdsAny: Bool { !held.isEmpty }

    func hold(_ key: String) { held.insert(key) }

    /// Do Not Disturb ended: nothing is held any more.
    func releaseAll() { held.removeAll() }
}
