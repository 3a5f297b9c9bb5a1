import Foundation

extension ScheduleInput {
    /// The first reason any kind gives to keep the computer awake at `now`, or nil; nil too when
    /// `sleep.keep_awake` is off.
    public func keepAwakeReason(now: Date, clock: WallClock) -> String? {
        guard settings.bool(.sleepKeepAwake) else { return nil }
        for kind in kinds where kind.isEnabled(self) {
            if let reason = kind.keepAwakeReason(now: now, from: self, clock: clock) { return reason }
        }
        return nil
    }
}

extension ScheduleInput {
    /// The first occurrence after `now` that rings as an alarm, of any kind's rule from
    /// yesterday to tomorrow (a dose window spans midnight) or queued (a test alarm), or nil.
    public func nextWakingOccurrence(after now: Date, clock: WallClock) -> Occurrence? {
        let today = clock.date(of: now)
        var first: Occurrence?
        func consider(_ occurrence: Occurrence, by kind: any PlannedKind) {
            if occurrence.dueAt > now, occurrence.dueAt < first?.dueAt ?? .distantFuture,
                kind.wakesTheComputer(for: occurrence)
            {
                first = occurrence
            }
        }
        for kind in kinds where kind.keepsAwake && kind.isEnabled(self) {
            let generated = kind.occurrences(
                days: today.adding(days: -1)...today.adding(days: 1), from: self, clock: clock)
            for index in generated.dueAt.indices where generated.dueAt[index] > now {
                consider(generated[index], by: kind)
            }
        }
        for record in deliveries where record.isOwed && record.owedAt > now {
            // One whose reason is gone (dose 2 taken since) is withdrawn by the plan: no wake for it.
            guard let kind = kind(record.kind), kind.keepsAwake, kind.isEnabled(self),
                kind.isCurrent(key: record.key, from: self, clock: clock)
            else { continue }
            consider(Occurrence(kind: record.kind, key: record.key, dueAt: record.owedAt, title: ""), by: kind)
        }
        return first
    }
}
