import Foundation

/// A contact with a stay-in-touch cadence, and what the cadence depends on.
public struct ContactCadence: Sendable, Equatable {
    public var contactID: Int64
    /// The never-reused serial its occurrence keys are built from (`contact_identities`).
    public var identity: Int64
    public var name: String
    public var everyDays: Int
    public var createdAt: Date
    /// The latest call not marked deleted.
    public var lastCall: Date?
    /// The day the cadence last started again without a call: a reminder shown, or dismissed.
    public var restartedOn: CivilDate?

    public init(
        contactID: Int64, identity: Int64, name: String, everyDays: Int, createdAt: Date, lastCall: Date?,
        restartedOn: CivilDate?
    ) {
        self.contactID = contactID
        self.identity = identity
        self.name = name
        self.everyDays = everyDays
        self.createdAt = createdAt
        self.lastCall = lastCall
        self.restartedOn = restartedOn
    }

    /// The local date of the latest call (or of the contact's creation) or of the last restart,
    /// whichever is later, plus the cadence.
    public func dueDate(clock: WallClock) -> CivilDate {
        let called = clock.date(of: lastCall ?? createdAt)
        return max(called, restartedOn ?? called).adding(days: everyDays)
    }
}

/// A one-off "call X on day D" (`call_reminders`), still open.
public struct OneOffCall: Sendable, Equatable {
    public var id: Int64
    public var contactID: Int64
    /// The never-reused serials its occurrence key is built from: its own and its contact's.
    public var identity: Int64
    public var contactIdentity: Int64
    public var name: String
    public var dueAt: Date
    public var note: String?
    /// Its notification was already shown (or given up): it is not shown again.
    public var settled: Bool
    /// When it comes again, answered "Remind me tomorrow"; nil when it was not.
    public var movedTo: Date?
    /// The contact's latest call logged, of any reminder or none.
    public var lastCall: Date?

    public init(
        id: Int64, contactID: Int64, identity: Int64, contactIdentity: Int64, name: String, dueAt: Date, note: String?,
        settled: Bool, movedTo: Date? = nil, lastCall: Date? = nil
    ) {
        self.id = id
        self.contactID = contactID
        self.identity = identity
        self.contactIdentity = contactIdentity
        self.name = name
        self.dueAt = dueAt
        self.note = note
        self.settled = settled
        self.movedTo = movedTo
        self.lastCall = lastCall
    }
}

/// What a person may type about contacts and calls.
public enum CallInput {
    public static let maximumNameLength = 200
    public static let maximumNotesLength = 5000
    public static let cadenceRange = 1...3650
    public static let durationRange = 0...1440
    /// How far back a call may be logged, or moved by an edit.
    public static let maximumBackdating: TimeInterval = 366 * 86400

    public static func validate(name: String) throws(InputError) {
        try TextInput.validateName(name, what: "contact name", example: "Alex", limit: maximumNameLength)
    }

    public static func validate(every days: Int) throws(InputError) {
        guard cadenceRange.contains(days) else {
            throw InputError("--every \(days) is out of range; give a number of days from 1 to 3650, or --no-cadence")
        }
    }

    public static func validate(notes: String?, option: String = "--notes") throws(InputError) {
        if let notes { try TextInput.validateText(notes, option: option, limit: maximumNotesLength) }
    }

    /// A reminder's note as kept: empty or only spaces is no note (nil), so that `--note ''`
    /// and no --note are the same reminder.
    public static func note(_ note: String?) -> String? {
        note.flatMap { $0.allSatisfy(\.isWhitespace) ? nil : $0 }
    }

    public static func validate(duration: Int) throws(InputError) {
        guard durationRange.contains(duration) else {
            throw InputError("--duration \(duration) is out of range; give minutes from 0 to 1440")
        }
    }
}
