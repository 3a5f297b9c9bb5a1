import Foundation

/// A `medication_events` row as DoseTap writes one (its `SessionRepository` logging a
/// medication): the session date by its rollover rule, the open session's id when the entry
/// falls on that session's date, the formulation (the one the person gave `meds add` or
/// `edit`, else the one DoseTap records for the medication), and the zone's offset at the
/// instant taken.
public struct MedicationEvent: Sendable, Equatable {
    public var id: String
    public var sessionID: String?
    public var sessionDate: CivilDate
    public var medicationID: String
    public var doseMg: Int
    public var formulation: String
    public var takenAt: Date
    public var localOffsetMinutes: Int
    public var confirmedDuplicate: Bool

    /// The open dose session as DoseTap holds it: `current_session`'s id (its date where it has
    /// none) and date, while the session has no end.
    public struct OpenSession: Sendable, Equatable {
        public var id: String
        public var date: String

        public init(id: String, date: String) {
            self.id = id
            self.date = date
        }
    }

    public init(
        id: String = UUID().uuidString, medicationID: String, doseMg: Int, formulation: String? = nil, takenAt: Date,
        confirmedDuplicate: Bool, openSession: OpenSession?, clock: WallClock, rolloverHour: Int
    ) {
        self.id = id
        self.medicationID = medicationID
        self.doseMg = doseMg
        self.takenAt = takenAt
        self.confirmedDuplicate = confirmedDuplicate
        let date = DoseSession.sessionDate(for: takenAt, clock: clock, rolloverHour: rolloverHour)
        sessionDate = date
        sessionID = openSession.flatMap { $0.date == date.description ? $0.id : nil }
        self.formulation = formulation ?? KnownMedication.named(medicationID)?.formulation ?? "ir"
        localOffsetMinutes = clock.offset(at: Int(takenAt.timeIntervalSince1970.rounded(.down))) / 60
    }

    /// The event in the open session, when that session is on the event's date (a reminder's
    /// answer is decided before the store reads the session).
    public func joining(_ openSession: OpenSession?) -> MedicationEvent {
        var event = self
        event.sessionID = openSession.flatMap { $0.date == sessionDate.description ? $0.id : nil }
        return event
    }

    /// DoseTap's duplicate guard: of the same medication's entries, the first whose whole
    /// minutes from this one are fewer than the guard's. By the instant, not DoseTap's session:
    /// a `session.rollover_hour` changed between two entries a minute apart puts them in two
    /// sessions, and the second went unasked (issue 40).
    public func duplicate(among earlier: [Date]) -> Date? {
        earlier.first { Self.isWithinGuard($0, of: takenAt) }
    }

    /// Whether two entries' whole minutes apart are fewer than DoseTap's guard's.
    public static func isWithinGuard(_ one: Date, of other: Date) -> Bool {
        minutesApart(one, other) < KnownMedication.duplicateGuardMinutes
    }

    /// Whole minutes between two instants counted to the nearest second: an answer's instant
    /// is stored in whole seconds (`acknowledged_at`) and an entry with DoseTap's milliseconds,
    /// so two taken a minute apart read 59.5 s apart ("less than a minute", issue 42).
    static func minutesApart(_ one: Date, _ other: Date) -> Int {
        Int(abs(one.timeIntervalSince(other)).rounded()) / 60
    }
}

extension MedicationEvent {
    /// The guard's question, as a refusal the person answers by typing the command again.
    public func duplicateRefusal(earlier: Date, clock: WallClock) -> InputError {
        InputError(
            "\(medicationID) was recorded at \(clock.toldTimeOfDay(earlier)), \(Self.apart(earlier, takenAt)) from this one; DoseTap asks before a second within \(KnownMedication.duplicateGuardMinutes) minutes: to record it too, --confirm-duplicate"
        )
    }

    /// `less than a minute`, `1 minute`, `3 minutes`: whole minutes apart, as the guard counts.
    static func apart(_ one: Date, _ other: Date) -> String {
        let minutes = minutesApart(one, other)
        return minutes == 0 ? "less than a minute" : minutes == 1 ? "1 minute" : "\(minutes) minutes"
    }
}
