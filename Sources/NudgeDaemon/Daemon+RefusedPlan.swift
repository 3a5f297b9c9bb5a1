import Foundation
import NudgeCore

/// A plan the store refused to record (a full disk, a lock held past the wait, an I/O error):
/// what came due is neither shown nor recorded, since a reminder is shown only once its showing
/// is recorded (shown twice after a restart otherwise). The daemon tries again every
/// `PlannerMemory.retryAfter` until the store takes the plan, and the first refusal of a span is
/// said on screen, critical (hostile round 28 on issue 39: a full disk missed the dose-2 alarm
/// with three lines in the log alone, and nothing woke the daemon again).
extension Daemon {
    func planRefused(_ error: any Error) {
        let retry = configuration.clock.now().addingTimeInterval(PlannerMemory.retryAfter)
        do {
            try descriptors.timer.arm(at: configuration.clock.realInstant(for: retry))
        } catch {
            logger.error("\(error)")
        }
        guard planner.planRefused() else { return }
        show(StoreSafetyWarning.cannotRecord(reason: "\(error)", retryAfter: Int(PlannerMemory.retryAfter)))
    }

    /// A plan went through after refused ones: what came due meanwhile was in it.
    func planWentThrough() {
        guard planner.planWentThrough() else { return }
        logger.info(
            "the store takes the plans again: what came due meanwhile is shown now",
            metadata: ["event": "store_writable_again"])
    }
}
