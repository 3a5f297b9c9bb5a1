import Foundation

/// A kind whose occurrences must ring even when nobody touches the computer: while one of its
/// rules gives a reason, the daemon keeps the computer from idle sleep (a logind `sleep`
/// inhibitor in block mode), as a video player or a backup does.
public protocol KeepingAwakeRule: ReminderRule {
    /// Why the computer must stay awake at `now`, naming what rings and when (`the dose-2 alarm
    /// is due at 02:45`), or nil when nothing of this kind must ring.
    func keepAwakeReason(now: Date, in input: RuleInput<Facts>) -> String?
    /// Whether this occurrence rings as an alarm, for which a suspended computer is woken where
    /// the system allows; a gentle reminder waits for the person to open the lid.
    func wakesTheComputer(for occurrence: Occurrence) -> Bool
}

extension ScheduleInput {
    /// The first reason any kind gives to keep the computer awake at `now`, or nil; nil too when
    /// `sleep.keep_awake` is off.
    public func keepAwakeReason(now: Date, clock: WallClock) -> String? {
        guard settings.bool(.sleepKeepAwake) else { return nil }
        for rule in ReminderRules.all {
            guard let keeping = rule as? any KeepingAwakeRule, keeping.isEnabled(self) else { continue }
            if let reason = keeping.keepAwakeReason(now: now, from: self, clock: clock) { return reason }
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
        func consider(_ occurrence: Occurrence, by rule: any KeepingAwakeRule) {
            if occurrence.dueAt > now, occurrence.dueAt < first?.dueAt ?? .distantFuture,
                rule.wakesTheComputer(for: occurrence)
            {
                first = occurrence
            }
        }
        for rule in ReminderRules.all {
            guard let keeping = rule as? any KeepingAwakeRule, keeping.isEnabled(self) else { continue }
            let generated = rule.occurrences(
                days: today.adding(days: -1)...today.adding(days: 1), from: self, clock: clock)
            for index in generated.dueAt.indices where generated.dueAt[index] > now {
                consider(generated[index], by: keeping)
            }
        }
        for record in deliveries where record.isOwed && record.owedAt > now {
            guard let keeping = record.kind.rule as? any KeepingAwakeRule, keeping.isEnabled(self) else { continue }
            consider(Occurrence(kind: record.kind, key: record.key, dueAt: record.owedAt, title: ""), by: keeping)
        }
        return first
    }
}

extension KeepingAwakeRule {
    func keepAwakeReason(now: Date, from input: ScheduleInput, clock: WallClock) -> String? {
        keepAwakeReason(now: now, in: self.input(input, clock: clock))
    }
}
