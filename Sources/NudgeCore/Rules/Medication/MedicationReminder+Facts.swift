import Foundation

extension MedicationReminder {
    /// What the medication reminders plan and answer from: the medications taken by day, the
    /// reminders of their doses shown and answered, the entries DoseTap's reader sees, and the
    /// doses nudge recorded not taken, of the last days.
    public struct Facts: RuleFacts {
        public var schedules: [ScheduledMedication]
        public var attempts: [Attempt]
        public var entries: [Entry]
        public var notTaken: [ScheduledDose: MedicationOutcome]
        /// How long a dose is reminded, from its instant until its last repeat ends
        /// (`meds.repeat_minutes`): an entry in that time takes it before any other.
        public var remindedFor = MedicationReminder.remindedFor(repeatMinutes: 10)
        /// The doses `meds edit` moved on its day (``MovedDose``).
        public var moved: [MovedDose] = []
        /// Each medication's schedules as they were, each with its span, for the amount a dose
        /// was asked with (``doseMg(of:clock:)``).
        public var versions: [ScheduledMedication] = []

        public init() { self.init(schedules: [], attempts: [], entries: [], notTaken: [:]) }

        public init(
            schedules: [ScheduledMedication], attempts: [Attempt], entries: [Entry],
            notTaken: [ScheduledDose: MedicationOutcome]
        ) {
            self.schedules = schedules
            self.attempts = attempts
            self.entries = entries
            self.notTaken = notTaken
        }

        /// How far back the store reads: a plan looks at yesterday's doses.
        public static let reach: TimeInterval = 3 * 86400

        /// One reminder of a dose as its delivery row says: when shown, and the answer.
        public struct Attempt: Sendable, Equatable {
            public var key: String
            public var shownAt: Date?
            public var action: String?
            /// Claimed or queued and not shown yet, nor given up: a snooze waiting, or one on its
            /// way to the server.
            public var isPending: Bool
            /// When the answer was given (`acknowledged_at`).
            public var answeredAt: Date?

            public init(
                key: String, shownAt: Date?, action: String?, isPending: Bool = false, answeredAt: Date? = nil
            ) {
                self.key = key
                self.shownAt = shownAt
                self.action = action
                self.isPending = isPending
                self.answeredAt = answeredAt
            }
        }

        /// A `medication_events` row DoseTap's reader reads.
        public struct Entry: Sendable, Equatable {
            public var medicationID: String
            public var takenAt: Date
            /// Read for a history; nil where only the time counts (a plan).
            public var doseMg: Int?
            /// A dose another program wrote that is no whole number of milligrams (`ten`).
            public var doseIsUnreadable = false
            /// The zone's offset from UTC in minutes where it was taken, as recorded with it
            /// (`local_offset_minutes`); read for a history, nil where unknown.
            public var offsetMinutes: Int?

            public init(medicationID: String, takenAt: Date, doseMg: Int? = nil) {
                self.medicationID = medicationID
                self.takenAt = takenAt
                self.doseMg = doseMg
            }
        }

        public func schedule(_ medicationID: String) -> ScheduledMedication? {
            schedules.first { $0.schedule.medicationID == medicationID }
        }

        /// The reminders of one dose, first and follow-ups.
        public func attempts(of dose: ScheduledDose) -> [Attempt] {
            attempts.filter { $0.key == dose.key || $0.key.hasPrefix(dose.key + ":") }
        }

        /// The answer that settled a dose (`taken` or `skip`, on any of its reminders; the
        /// second-dose question after a *Taken* answers something else).
        public func answer(of dose: ScheduledDose) -> String? {
            attempts(of: dose).filter { ScheduledDose.parse($0.key)?.follow != .secondDoseQuestion }
                .compactMap(\.action).first { $0 != MedicationReminder.snoozeAction }
        }

        /// Whether the dose needs no more reminders: answered, recorded not taken, or an entry
        /// of the medication recorded in its span (`nudge meds taken`, or DoseTap itself).
        public func isSettled(_ dose: ScheduledDose, clock: WallClock) -> Bool {
            answer(of: dose) != nil || notTaken[dose] != nil || entry(for: dose, clock: clock) != nil
                || moved.first { $0.to == dose }.map { wasSettled($0, taken: entries.map(\.takenAt)) } == true
        }

        /// Whether the dose a move took away was settled before the edit: answered, recorded
        /// not taken, or taken by an entry of then (`taken`: each entry's instant, as read).
        public func wasSettled(_ move: MovedDose, taken: [Date]) -> Bool {
            if answer(of: move.from) != nil || notTaken[move.from] != nil { return true }
            if let earlier = moved.first(where: { $0.to == move.from }), wasSettled(earlier, taken: taken) {
                return true
            }
            let own = entries.indices.filter {
                entries[$0].medicationID == move.from.medicationID && taken[$0] < move.edit
            }
            let matched = DoseMatching.entries(
                own.map { taken[$0] }, doses: move.dueBefore, remindedFor: remindedFor,
                answeredTaken: answeredTaken(move.from.medicationID))
            return matched[move.from] != nil
        }

        /// The move that brought this dose of the new schedule in place of one not settled: it
        /// is asked for, from the edit on, though its time may be before the edit.
        public func unsettledMove(to dose: ScheduledDose) -> MovedDose? {
            moved.first { $0.to == dose }.flatMap { wasSettled($0, taken: entries.map(\.takenAt)) ? nil : $0 }
        }

        /// The doses of a medication with a reminder shown, or on its way, that are not settled:
        /// what `meds edit` taking them out of the schedule (not moving them to another time of
        /// their day: ``MovedDose``), or `meds remove`, ends recorded not taken.
        public func beingReminded(_ medicationID: String, clock: WallClock) -> [ScheduledDose] {
            Set(attempts.compactMap { ScheduledDose.parse($0.key)?.dose }.filter { $0.medicationID == medicationID })
                .filter { dose in !isSettled(dose, clock: clock) && !moved.contains { $0.from == dose } }
                .sorted { $0.key < $1.key }
        }

        /// The entry that took this dose, by ``DoseMatching`` over its medication's doses of the
        /// days around it.
        public func entry(for dose: ScheduledDose, clock: WallClock) -> Entry? {
            guard let scheduled = schedule(dose.medicationID) else { return nil }
            // A dose due before the medication's last change counts only if it was reminded,
            // as the reminders count it.
            let doses = (-2...2).flatMap { scheduled.doses(on: dose.date.adding(days: $0), clock: clock) }.filter {
                due in
                due.dueAt >= scheduled.since || !attempts(of: due.dose).isEmpty || moved.contains { $0.to == due.dose }
            }
            let own = entries.filter { $0.medicationID == dose.medicationID }
            let taken = DoseMatching.entries(
                own.map(\.takenAt), doses: doses.map { DoseMatching.Due(dose: $0.dose, dueAt: $0.dueAt) },
                remindedFor: remindedFor, answeredTaken: answeredTaken(dose.medicationID))
            return taken[dose].map { own[$0] }
        }

        /// The entry a dose answered *Taken* on its notification stands on where that answer
        /// recorded nothing (another entry of its medication was within DoseTap's duplicate
        /// guard, which a button cannot ask past: two doses a minute apart): the first of its
        /// medication within the guard's minutes of the answer. That one entry is the record of
        /// both, as DoseTap takes a second tap in its guard for the same dose.
        public func guardStanding(for dose: ScheduledDose) -> (entry: Int, answeredAt: Date)? {
            guard
                let answered = attempts(of: dose).first(where: { $0.action == MedicationReminder.takenAction })?
                    .answeredAt,
                let entry = entries.indices.first(where: {
                    entries[$0].medicationID == dose.medicationID
                        && MedicationEvent.isWithinGuard(entries[$0].takenAt, of: answered)
                })
            else { return nil }
            return (entry, answered)
        }

        /// The amount a dose is asked with, and recorded with when answered *Taken*: its
        /// medication's schedule in effect when it was first asked (at its time, or at the edit
        /// that moved it to a time past), never an edit's since. A repeat is the same question
        /// again: the person may have taken what was first shown (issue 42: after `meds edit
        /// --dose 600` a dose first shown at 500 mg repeated at 600 mg, and `meds history`
        /// listed it at 500). Today's schedule where no version covers that instant.
        public func doseMg(of dose: ScheduledDose, clock: WallClock) -> Int? {
            guard let current = schedule(dose.medicationID) else { return nil }
            guard let dueAt = clock.instant(on: dose.date, at: dose.time) else { return current.schedule.doseMg }
            let asked = moved.first { $0.to == dose }.map { max(dueAt, $0.edit) } ?? dueAt
            let version = versions.last { $0.schedule.medicationID == dose.medicationID && $0.isInEffect(at: asked) }
            return (version ?? current).schedule.doseMg
        }

        /// The doses of a medication answered *Taken* on a notification, each with when that
        /// notification was shown.
        public func answeredTaken(_ medicationID: String) -> [ScheduledDose: Date] {
            var shown: [ScheduledDose: Date] = [:]
            for attempt in attempts where attempt.action == MedicationReminder.takenAction {
                guard let dose = ScheduledDose.parse(attempt.key)?.dose, dose.medicationID == medicationID,
                    let at = attempt.shownAt
                else { continue }
                shown[dose] = min(shown[dose] ?? at, at)
            }
            return shown
        }
    }
}

/// A medication taken by day, with the instant from which its doses are reminded: its last
/// change (`meds add`, `meds edit`), so that a dose due before it is neither shown nor missed.
/// A history reads earlier versions too, each until the change that ended it.
public struct ScheduledMedication: Sendable, Equatable {
    public var schedule: MedicationSchedule
    public var since: Date
    /// The next change of the medication (`meds edit`, `meds remove`); nil while in effect.
    public var until: Date?

    public init(schedule: MedicationSchedule, since: Date, until: Date? = nil) {
        self.schedule = schedule
        self.since = since
        self.until = until
    }

    /// Whether this version was the medication's schedule at `instant`.
    public func isInEffect(at instant: Date) -> Bool {
        since <= instant && instant < (until ?? .distantFuture)
    }

    /// The doses on a day, each with its instant (a time the zone skipped that day is at the
    /// first instant after the gap; a time it repeats, the first).
    public func doses(on day: CivilDate, clock: WallClock) -> [(dose: ScheduledDose, dueAt: Date)] {
        guard schedule.days.includes(day) else { return [] }
        return schedule.times.times.compactMap { time in
            clock.instant(on: day, at: time).map {
                (ScheduledDose(medicationID: schedule.medicationID, date: day, time: time), $0)
            }
        }
    }
}
