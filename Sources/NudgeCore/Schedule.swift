import Foundation

/// What the store says that the schedule depends on.
public struct ScheduleInput: Sendable {
    public var settings: Settings
    /// Every owed delivery row, and the settled ones due from two days before the instant asked
    /// about (call rows excepted: their own state says whether they were shown).
    public var deliveries: [DeliveryRecord]
    /// The dose tracker's current session, when dose 1 is recorded.
    public var doseSession: DoseSession?
    /// Contacts with a stay-in-touch cadence.
    public var contacts: [ContactCadence]
    /// One-off call reminders not yet done.
    public var oneOffCalls: [OneOffCall]
    /// When nudge first met the store: nothing due before it is recorded as missed.
    public var storeCreatedAt: Date?

    public init(
        settings: Settings, deliveries: [DeliveryRecord], doseSession: DoseSession? = nil, contacts: [ContactCadence] = [],
        oneOffCalls: [OneOffCall] = [], storeCreatedAt: Date? = nil
    ) {
        self.storeCreatedAt = storeCreatedAt
        self.settings = settings
        self.deliveries = deliveries
        self.doseSession = doseSession
        self.contacts = contacts
        self.oneOffCalls = oneOffCalls
    }

    /// The contact a call occurrence is about.
    public func callName(forKey key: String) -> String? {
        guard let identity = CallReminder.Key(key)?.contactIdentity else { return nil }
        return contacts.first { $0.identity == identity }?.name ?? oneOffCalls.first { $0.contactIdentity == identity }?.name
    }

    /// How far back `deliveries` must reach for a plan or listing at an instant.
    public static let lookback: TimeInterval = 2 * 86400
}

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
        plan.due = plan.due.sortedByDue()
        plan.missed = plan.missed.sortedByDue()
        // Several dose alerts due at once (after a restart or a sleep) show the present state
        // once; past the slept-through instant, no earlier alert is the present state.
        let doseDue = plan.due.filter { $0.kind == .dose2 }
        let sleptThroughPassed = (plan.due + plan.missed).contains { DoseReminder.isSleptThrough($0, in: input.doseSession) }
        let present = sleptThroughPassed ? doseDue.first { DoseReminder.isSleptThrough($0, in: input.doseSession) } : DoseReminder.present(doseDue, in: input.doseSession)
        plan.due.removeAll { $0.kind == .dose2 && $0 != present }
        plan.missed += doseDue.filter { $0 != present }
        return plan
    }

    /// Owed rows of a kind still on whose reason is gone.
    private func withdrawn() -> [String] {
        input.deliveries.compactMap { record in
            guard record.isOwed, let kind = ReminderKind(rawValue: record.kind), isEnabled(kind), !isCurrent(record, kind) else { return nil }
            return record.key
        }
    }

    private func lateness(of occurrence: Occurrence, now: Date) -> Lateness {
        if DoseReminder.isSleptThrough(occurrence, in: input.doseSession) {
            return now.timeIntervalSince(occurrence.dueAt) <= DoseWindow.sleptThroughNoticeLimit ? .show : .missed
        }
        return occurrence.kind.lateness(due: occurrence.dueAt, now: now, clock: clock)
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
        let settings = input.settings
        let daySequence = sequence(first: days.lowerBound) { $0 < days.upperBound ? $0.adding(days: 1) : nil }
        var generated = SymptomReminder.occurrences(on: daySequence, settings: settings, clock: clock)
        if let session = input.doseSession, isEnabled(.dose2) {
            generated += DoseReminder.occurrences(for: session, settings: settings)
        }
        generated += CallReminder.occurrences(contacts: input.contacts, reminders: input.oneOffCalls, settings: settings, clock: clock)
        var settled: Set<String> = []
        var owed: [String: Occurrence] = [:]
        for record in input.deliveries {
            guard record.isOwed, let kind = ReminderKind(rawValue: record.kind), isEnabled(kind), isCurrent(record, kind) else {
                settled.insert(record.key)
                continue
            }
            owed[record.key] = Occurrence(kind: kind, key: record.key, dueAt: record.dueAt, title: record.title ?? title(of: kind, key: record.key))
        }
        var result = generated.compactMap { occurrence in
            settled.contains(occurrence.key) ? nil : owed.removeValue(forKey: occurrence.key) ?? occurrence
        }
        result += owed.values.sorted { $0.key < $1.key }
        return result
    }

    /// A queued dose occurrence counts only while its session is the open one; a queued call
    /// ("tomorrow") only while the contact was not called since and the one-off is still open.
    private func isCurrent(_ record: DeliveryRecord, _ kind: ReminderKind) -> Bool {
        switch kind {
        case .symptom:
            return true
        case .dose2:
            guard let session = input.doseSession, !session.isCompleted else { return false }
            return DoseReminder.alert(ofKey: record.key, in: session) != nil
        case .call:
            guard let key = CallReminder.Key(record.key) else { return false }
            switch key.kind {
            case .cadence(let due):
                guard let contact = input.contacts.first(where: { $0.identity == key.contactIdentity }) else { return false }
                return contact.lastCall.map { clock.date(of: $0) < due } ?? true
            case .once(let identity):
                return input.oneOffCalls.contains { $0.identity == identity }
            }
        }
    }

    private func isEnabled(_ kind: ReminderKind) -> Bool {
        switch kind {
        case .symptom: input.settings.bool(.symptomReminderEnabled)
        case .dose2: input.settings.bool(.doseNotificationsEnabled)
        case .call: input.settings.bool(.callRemindersEnabled)
        }
    }

    private func title(of kind: ReminderKind, key: String) -> String {
        switch kind {
        case .symptom: key.contains(":snooze:") ? "\(SymptomReminder.title) (snoozed)" : SymptomReminder.title
        case .dose2: input.doseSession.flatMap { DoseReminder.alert(ofKey: key, in: $0) }.map(DoseReminder.title) ?? "Dose 2"
        case .call: CallReminder.title(input.callName(forKey: key) ?? "someone")
        }
    }
}

extension Array where Element == Occurrence {
    /// Soonest first; occurrences due at the same instant keep their (deterministic) order.
    func sortedByDue() -> [Occurrence] {
        sorted { $0.dueAt < $1.dueAt }
    }
}
