import Foundation
import NudgeCore
import NudgeNotifier
import NudgeStore

/// Do Not Disturb (`DoNotDisturbHold`): a kind that holds (``DoNotDisturbRule``) is claimed and
/// not sent while it is on, and shown when it ends; the rest break through it.
extension Daemon {
    /// The desktop's Do Not Disturb changed: why to plan again is kept for the batch's end
    /// (`doNotDisturbSettled`). What a quiet span turned on and lost with a restarted server is
    /// still counted on: what it holds waits for the span's end, and the server that comes back
    /// is asked again.
    func doNotDisturbChanged(_ state: DoNotDisturb) {
        let askAgain = doNotDisturb.quieting.heard(state)
        guard doNotDisturb.heard(state) || askAgain else { return }
        let reason =
            askAgain
            ? Self.serverCameBack : state.isOn ? "Do Not Disturb began" : "Do Not Disturb ended"
        if doNotDisturb.unplanned != Self.serverCameBack { doNotDisturb.unplanned = reason }
    }

    static let serverCameBack = "the notification server came back during a quiet span"

    /// The changes a batch of events brought are in: planned once for all of them, with what
    /// was held shown if Do Not Disturb is off at the end (hostile round on issue 41 after B16,
    /// High 2: toggled 200 times in under a second, each change planned on its own, the loop
    /// ran seconds behind the desktop and showed a hold reminder into its final quiet).
    func doNotDisturbSettled() {
        guard let reason = doNotDisturb.unplanned else { return }
        doNotDisturb.unplanned = nil
        if !doNotDisturb.quieting.counted(doNotDisturb.state).isOn { releaseHeld() }
        reconcile(because: reason)
    }

    /// The desktop answered a quiet span's call: what it held is shown once nothing counts as
    /// Do Not Disturb any more (a switch that could not be turned on again, or was put back
    /// while its server was away, changes nothing the desktop would say).
    func desktopAnswered(_ answer: DesktopQuieting.Answer) {
        doNotDisturb.quieting.answered(answer, at: configuration.clock.now(), state: doNotDisturb.state)
        guard doNotDisturb.holdsAny, !doNotDisturb.quieting.counted(doNotDisturb.state).isOn else { return }
        releaseHeld()
        reconcile(because: "Do Not Disturb ended")
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
        doNotDisturb.quieting.follow(
            wanted, state: doNotDisturb.state, watch: doNotDisturb.doNotDisturbWatch, clock: wallClock)
    }

    /// Whether `occurrence`'s kind waits for Do Not Disturb to end now.
    func waitsForDoNotDisturb(_ occurrence: Occurrence, input: ScheduleInput) -> Bool {
        doNotDisturb.quieting.counted(doNotDisturb.state).isOn
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
        server.isHeldBack(key) || doNotDisturb.holds(key) || awaitingStore.isShown(key)
    }
}
