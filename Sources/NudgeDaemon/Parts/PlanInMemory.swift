import NudgeCore
import NudgeNotifier

/// The last plan made from the store read whole, kept for when the store cannot be read
/// (damaged, emptied): what it has due is shown and rung at its instant all the same, its claim
/// held in memory (``RecordsAwaitingStore``) until a sound store is back (hostile round 30 on
/// issue 39: zeros over a page of the store silenced the dose-2 alarm planned a minute later).
///
/// Its input is the store as it was then, so it shows only what nothing since can have changed:
/// not what this daemon claimed since (its input does not record that), and nothing at all once
/// an answer came that it cannot follow (a Take given meanwhile would otherwise be followed by
/// the window's closing warnings). Another program's write reaches the daemon within a moment
/// (the folder's watch) and makes a new plan; SQLite's data version cannot tell one apart from
/// a checkpoint, which is no write.
struct PlanInMemory {
    private(set) var kept: HeldPlan?
    /// The occurrences claimed in the store since the plan.
    private(set) var claimedSince: Set<String> = []
    /// Whether an answer (a click, a reply) came since the plan.
    private(set) var answeredSince = false
    /// Whether the daemon shows from it now, the store unreadable: said once, when it starts.
    var inUse = false

    /// A plan made from the store read whole.
    mutating func keep(_ plan: Plan, input: ScheduleInput, zone: ZoneRules) {
        kept = HeldPlan(plan: plan, input: input, zone: zone)
        claimedSince = []
        answeredSince = false
        inUse = false
    }

    mutating func claimed(_ key: String) { claimedSince.insert(key) }

    mutating func heard(_ event: NotifierEvent) {
        switch event {
        case .actionInvoked, .replied: answeredSince = true
        default: break
        }
    }

    /// The plan to show from in `zone`; nil when it may be stale (see the type's comment).
    func usable(zone: ZoneRules) -> HeldPlan? {
        guard let kept, kept.zone == zone, !answeredSince else { return nil }
        return kept
    }
}
