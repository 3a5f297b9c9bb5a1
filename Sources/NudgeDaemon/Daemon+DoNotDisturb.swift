import Foundation
import NudgeCore
import NudgeNotifier
import NudgeStore

/// Do Not Disturb (`DoNotDisturbHold`): a kind that holds (``DoNotDisturbRule``) is claimed and
/// not sent while it is on, and shown when it ends; the rest break through it.
extension Daemon {
    /// The desktop's Do Not Disturb changed.
    func doNotDisturbChanged(_ state: DoNotDisturb) {
        quieting.heard(state)
        guard doNotDisturb.heard(state) else { return }
        if !state.isOn { releaseHeld() }
        reconcile(because: state.isOn ? "Do Not Disturb began" : "Do Not Disturb ended")
    }

    /// What was held (by this daemon, or by one killed while holding) is owed and shown now.
    func releaseHeld() {
        doNotDisturb.releaseAll()
        do {
            let released = try store.releaseHeld(at: configuration.clock.now())
            guard released > 0 else { return }
            logger.info(
                "Do Not Disturb ended: showing \(released) held reminder\(released == 1 ? "" : "s")",
                metadata: ["event": "released", "count": "\(released)"])
        } catch {
            logger.error("\(error)")
        }
    }

    /// Brings the desktop's Do Not Disturb in line with the quiet span that holds now; none
    /// from logind's word of a sleep to the resume.
    func followQuiet(_ input: ScheduleInput?, now: Date) {
        let wanted = sleepGuard.sleepAnnounced ? nil : input?.quietSpan(now: now, clock: wallClock)
        quieting.follow(
            wanted, state: doNotDisturb.state, watch: doNotDisturb.doNotDisturbWatch, clock: wallClock)
    }

    /// Whether `occurrence`'s kind waits for Do Not Disturb to end now.
    func waitsForDoNotDisturb(_ occurrence: Occurrence, input: ScheduleInput) -> Bool {
        quieting.counted(doNotDisturb.state).isOn
            && input.kind(occurrence.kind)?.duringDoNotDisturb(key: occurrence.key, input) == .hold
    }

    /// A claimed occurrence whose kind holds: recorded as held, not sent.
    func holdForDoNotDisturb(_ occurrence: Occurrence, claimed: DeliveryRecord) throws {
        try store.hold(claimed.id, at: configuration.clock.now())
        doNotDisturb.hold(occurrence.key)
        logger.info(
            "held \(occurrence.key) during Do Not Disturb",
            metadata: ["event": "held", "key": "\(occurrence.key)"])
    }

    /// Due but not to be shown by a plan: waiting for a server, on its way to one, or held.
    func isHeldBack(_ key: String) -> Bool {
        server.isHeldBack(key) || doNotDisturb.holds(key)
    }
}
