import NudgeCore

/// A plan kept for its next due instant with what it was made from: the store's input, the time
/// zone, and the store's data version then, which shows whether another process wrote since.
struct HeldPlan {
    var plan: Plan
    var input: ScheduleInput
    var zone: ZoneRules
    var dataVersion: Int
}
