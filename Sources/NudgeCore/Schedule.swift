import Foundation

/// What the daemon does now: show these, record those as missed, withdraw queued ones that no
/// longer apply, sleep until `nextDue`.
public struct Plan: Sendable, Equatable {
    public var due: [Occurrence]
    public var missed: [Occurrence]
    public var nextDue: Date?
    /// Queued rows (a snooze, a "tomorrow") whose reason is gone: the session ended, the contact
    /// was called. Withdrawn, so none stays "pending" forever.
    public var withdrawn: [String] = []
}

/// The one place that decides what is due: the daemon's plan and `nudge upcoming` both ask it.
public struct Schedule: Sendable {
    public let input: ScheduleInput
    public let clock: WallClock

    public init(input: ScheduleInput, clock: WallClock) {
        self.input = input
        self.clock = clock
    }

    public func plan(now: Date) -> Plan {
        let today = clock.date(of: now)
        // Yesterday's occurrence is looked at so one missed overnight is recorded as missed.
        return plan(now: now, candidates: occurrences(days: today.adding(days: -1)...today.adding(days: 2)))
    }

    private func plan(now: Date, candidates: [Occurrence]) -> Plan {
        var plan = Plan(due: [], missed: [], nextDue: nil, withdrawn: withdrawn())
        for occurrence in candidates {
            if occurrence.dueAt > now {
                plan.nextDue = min(plan.nextDue ?? occurrence.dueAt, occurrence.dueAt)
            } else if lateness(of: occurrence, now: now) == .show {
                plan.due.append(occurrence)
            } else if let created = input.storeCreatedAt, occurrence.dueAt < created {
                // Nothing is missed before the store existed: a new store's first start is not
                // a history of yesterday's checks.
                continue
            } else {
                plan.missed.append(occurrence)
            }
        }
        // Each kind decides how its occurrences due together are shown (dose alerts collapse to
        // the present state).
        var due: [Occurrence] = []
        var missed: [Occurrence] = []
        for rule in ReminderRules.all {
            let presented = rule.present(
                due: plan.due.filter { $0.kind == rule.kind }, missed: plan.missed.filter { $0.kind == rule.kind }, from: input, clock: clock)
            due += presented.due
            missed += presented.missed
        }
        plan.due = due.sortedByDue()
        plan.missed = missed.sortedByDue()
        return plan
    }

    /// Owed rows of a kind still on whose reason is gone.
    private func withdrawn() -> [String] {
        input.deliveries.compactMap { record in
            guard record.isOwed, let rule = record.kind.rule, rule.isEnabled(input), !rule.isCurrent(key: record.key, from: input, clock: clock)
            else { return nil }
            return record.key
        }
    }

    private func lateness(of occurrence: Occurrence, now: Date) -> Lateness {
        if now.timeIntervalSince(occurrence.dueAt) <= Lateness.onTimeGrace { return .show }
        return occurrence.kind.rule?.lateness(of: occurrence, now: now, from: input, clock: clock) ?? .show
    }

    /// What will still be shown from an instant on, soonest first: what a plan at that instant
    /// would show now (late ones the lateness rules keep, several dose alerts as the one present
    /// state), then what comes after.
    public func upcoming(from start: Date, limit: Int) -> [Occurrence] {
        let first = clock.date(of: start)
        // A skipped date gives no occurrence, so look a little past `limit` days; one set of
        // candidates serves both the plan and what comes after (thousands of contacts).
        let candidates = occurrences(days: first.adding(days: -1)...first.adding(days: max(limit, 1) + 2))
        let later = candidates.filter { $0.dueAt > start }
        // The store's four-digit years end at 9999: nothing later is listed as a year 10000.
        let listed = (plan(now: start, candidates: candidates).due + later).filter { $0.dueAt <= Timestamp.latest }
        return Array(listed.sortedByDue().prefix(limit))
    }

    /// Generated occurrences on these days with the store's rows applied: settled ones dropped,
    /// owed rows (a snooze, a claim a crash interrupted) in their place or added. In generation
    /// order, not sorted: with thousands of contacts, sorting is most of the work, and the
    /// daemon needs only the earliest.
    func occurrences(days: ClosedRange<CivilDate>) -> [Occurrence] {
        var generated: [Occurrence] = []
        for rule in ReminderRules.all where rule.isEnabled(input) {
            generated += rule.occurrences(days: days, from: input, clock: clock)
        }
        var settled: Set<String> = []
        var owed: [String: Occurrence] = [:]
        for record in input.deliveries {
            guard record.isOwed, let rule = record.kind.rule, rule.isEnabled(input), rule.isCurrent(key: record.key, from: input, clock: clock)
            else {
                settled.insert(record.key)
                continue
            }
            owed[record.key] = Occurrence(
                kind: record.kind, key: record.key, dueAt: record.dueAt, title: record.title ?? rule.title(ofKey: record.key, from: input, clock: clock))
        }
        var result = generated.compactMap { occurrence in
            settled.contains(occurrence.key) ? nil : owed.removeValue(forKey: occurrence.key) ?? occurrence
        }
        result += owed.values.sorted { $0.key < $1.key }
        return result
    }

}

extension Array where Element == Occurrence {
    /// Soonest first; occurrences due at the same instant keep their (deterministic) order.
    func sortedByDue() -> [Occurrence] {
        sorted { $0.dueAt < $1.dueAt }
    }
}
