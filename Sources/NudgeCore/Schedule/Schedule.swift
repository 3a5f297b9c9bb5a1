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
    /// The occurrences due at `nextDue`, before their rules present them (none when `nextDue` is
    /// the horizon of what a rule's facts covered), and the first instant after it that anything
    /// may be due: what showing at `nextDue` from this plan needs.
    public var next: [Occurrence] = []
    public var following: Date?
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
        let candidates = Candidates(of: self, days: today.adding(days: -1)...today.adding(days: 2))
        let (nextDue, next, following) = candidates.earliest(after: now)
        var plan = plan(now: now, reached: candidates.reached(by: now))
        plan.withdrawn = withdrawn()
        plan.nextDue = nextDue
        plan.next = next
        plan.following = following
        return plan
    }

    /// What a fresh plan at `now` would show, answered from an earlier plan made from the same
    /// store instead of from the store: nil unless `now` has reached the earlier plan's next due
    /// instant and not the one after it. Only `due` and `missed` are filled in.
    public func plan(now: Date, continuing earlier: Plan) -> Plan? {
        guard let nextDue = earlier.nextDue, now >= nextDue, earlier.following.map({ now < $0 }) ?? true else {
            return nil
        }
        return plan(now: now, reached: earlier.next)
    }

    /// Sorts what is due by now into shown and missed, each kind presenting its own.
    private func plan(now: Date, reached: [Occurrence]) -> Plan {
        var plan = Plan(due: [], missed: [], nextDue: nil)
        for occurrence in reached {
            if lateness(of: occurrence, now: now) == .show {
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
        for kind in input.kinds {
            let presented = kind.present(
                due: plan.due.filter { $0.kind == kind.kind }, missed: plan.missed.filter { $0.kind == kind.kind },
                from: input, clock: clock)
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
            guard record.isOwed, let kind = input.kind(record.kind), kind.isEnabled(input),
                !kind.isCurrent(key: record.key, from: input, clock: clock)
            else { return nil }
            return record.key
        }
    }

    private func lateness(of occurrence: Occurrence, now: Date) -> Lateness {
        if input.kind(occurrence.kind)?.isDeadline(key: occurrence.key) == true { return .missed }
        if now.timeIntervalSince(occurrence.dueAt) <= Lateness.onTimeGrace { return .show }
        // Held for Do Not Disturb, it is shown when it ends, however late: it was never seen.
        if input.deliveries.contains(where: { $0.key == occurrence.key && $0.heldAt != nil && $0.isOwed }) {
            return .show
        }
        return input.kind(occurrence.kind)?.lateness(of: occurrence, now: now, from: input, clock: clock) ?? .show
    }

    /// What will still be shown from an instant on, soonest first: what a plan at that instant
    /// would show now (late ones the lateness rules keep, several dose alerts as the one present
    /// state), then the first `limit` that come after.
    public func upcoming(from start: Date, limit: Int) -> [Occurrence] {
        let first = clock.date(of: start)
        // A skipped date gives no occurrence, so look a little past `limit` days.
        let candidates = Candidates(of: self, days: first.adding(days: -1)...first.adding(days: max(limit, 1) + 2))
        // The store's four-digit years end at 9999: nothing later is listed as a year 10000.
        let listed =
            (plan(now: start, reached: candidates.reached(by: start)).due
            + candidates.soonest(after: start, limit: limit))
            .filter { $0.dueAt <= Timestamp.latest }
        return Array(listed.sortedByDue().prefix(limit))
    }
}

extension Array where Element == Occurrence {
    /// Soonest first; occurrences due at the same instant keep their (deterministic) order.
    func sortedByDue() -> [Occurrence] {
        sorted { $0.dueAt < $1.dueAt }
    }
}
