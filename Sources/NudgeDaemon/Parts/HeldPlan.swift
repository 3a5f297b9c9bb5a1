import NudgeCore

/// A plan kept for its next due instant with what it was made from: the store's input and the
/// time zone. The store's data version then is the planner's `lastDataVersion` (`PlannerMemory`).
struct HeldPlan {
    var plan: Plan
    var input: ScheduleInput
    var zone: ZoneRules
}
