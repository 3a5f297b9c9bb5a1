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

            public init(key: String, shownAt: Date?, action: String?, isPending: Bool = false) {
                self.key = key
                self.shownAt = shownAt
                self.action = action
                self.isPending = isPending
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

        /// The answer that settled a dose (`taken` or `skip`, on any of its reminders).
        public func answer(of dose: ScheduledDose) -> String? {
            attempts(of: dose).compactMap(\.action).first { $0 != MedicationReminder.snoozeAction }
        }

        /// Whether the dose needs no more reminders: answered, recorded not taken, or an entry
        /// of the medication recorded in its span (`nudge meds taken`, or DoseTap itself).
        public func isSettled(_ dose: ScheduledDose, clock: WallClock) -> Bool {
            answer(of: dose) != nil || notTaken[dose] != nil || entry(for: dose, clock: clock) != nil
        }

        /// The doses of a medication with a reminder shown, or on its way, that are not settled:
        /// what `meds edit` moving them, or `meds remove`, ends recorded not taken.
        public func beingReminded(_ medicationID: String, clock: WallClock) -> [ScheduledDose] {
            Set(attempts.compactMap { ScheduledDose.parse($0.key)?.dose }.filter { $0.medicationID == medicationID })
                .filter { !isSettled($0, clock: clock) }.sorted { $0.key < $1.key }
        }

        /// The entry that took this dose: the first of its medication in the dose's span.
        public func entry(for dose: ScheduledDose, clock: WallClock) -> Entry? {
            guard let span = schedule(dose.medicationID)?.span(of: dose, clock: clock) else { return nil }
            return entries.filter { $0.medicationID == dose.medicationID && span.contains($0.takenAt) }
                .min { $0.takenAt < $1.takenAt }
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

    /// An entry counts for a dose from an hour before it (taken a little early) until an hour
    /// before the medication's next dose, and at most a day: each entry takes one dose.
    public static let earliest: TimeInterval = 3600

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

    /// The instants in which an entry of the medication takes this dose.
    public func span(of dose: ScheduledDose, clock: WallClock) -> Range<Date>? {
        guard let due = clock.instant(on: dose.date, at: dose.time) else { return nil }
        let next = (0...7).lazy.flatMap { doses(on: dose.date.adding(days: $0), clock: clock) }.first {
            $0.dueAt > due
        }
        let end = min(next?.dueAt ?? .distantFuture, due.addingTimeInterval(86400 + Self.earliest))
        return due.addingTimeInterval(-Self.earliest)..<end.addingTimeInterval(-Self.earliest)
    }
}
