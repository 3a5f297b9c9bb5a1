import Foundation
import NudgeCore
import NudgeStore

/// The store refused a write (a full disk, a lock held past the loop's wait, a read-only file).
/// What comes due is shown and rung all the same, its record held in memory
/// (``RecordsAwaitingStore``); a refused plan is tried again every `PlannerMemory.retryAfter`,
/// and the first refusal of a span is said on screen, critical (hostile round 28 on issue 39: a
/// full disk missed the dose-2 alarm with three lines in the log alone).
extension Daemon {
    func planRefused(_ error: any Error) {
        let retry = configuration.clock.now().addingTimeInterval(PlannerMemory.retryAfter)
        do {
            try descriptors.timer.arm(at: configuration.clock.realInstant(for: retry))
        } catch {
            logger.error("\(error)")
        }
        storeRefused(error)
    }

    /// Said once for a span of refusals, which ends when a plan went through and nothing waits.
    func storeRefused(_ error: any Error) {
        var byLock = false
        if let error = error as? StoreError, case .busy = error { byLock = true }
        guard planner.storeRefused(at: configuration.clock.now(), byLock: byLock) else { return }
        let reason = byLock ? "another program has held its lock for over a minute" : "\(error)"
        show(StoreSafetyWarning.cannotRecord(reason: reason, retryAfter: Int(PlannerMemory.retryAfter)))
    }

    /// A plan went through after refused writes, and what was held meanwhile is recorded.
    func planWentThrough() {
        guard awaitingStore.isEmpty, planner.planWentThrough() else { return }
        logger.info(
            "the store takes writes again: what came due meanwhile is recorded",
            metadata: ["event": "store_writable_again"])
    }
}
