import Foundation

/// One row of the symptom diary (`symptom_entries`).
public struct SymptomEntry: Sendable, Equatable, Codable {
    public var id: String
    public var name: String
    public var severity: Int
    public var loggedAt: Date
    public var notes: String?
    /// True when another program stored a time nudge cannot read; `loggedAt` is then only the
    /// entry's place in an order (the earliest), never a time to show.
    public var hasUnreadableTime = false

    public init(id: String, name: String, severity: Int, loggedAt: Date, notes: String?) {
        self.id = id
        self.name = name
        self.severity = severity
        self.loggedAt = loggedAt
        self.notes = notes
    }

    public static let severities = 1...5
    public static let maximumNameLength = 200
    public static let maximumNotesLength = 5000
    /// How far back a symptom may be logged: any past day, as a person filling in last week
    /// does (Symptomly's own screen allows 48 hours; what it reads has no limit).
    public static let maximumBackdating: TimeInterval = .infinity

    /// "headache" and "Headache" are one symptom: names are compared by this form.
    public static func sameSymptom(_ name: String) -> String { name.lowercased() }

    /// Checks what a person typed, with messages that say what is accepted.
    public static func validate(name: String, severity: Int, notes: String?) throws(InputError) {
        try validate(name: name)
        try validate(severity: severity)
        try validate(notes: notes)
    }

    public static func validate(name: String) throws(InputError) {
        try TextInput.validateName(name, what: "symptom name", example: "Headache", limit: maximumNameLength)
    }

    public static func validate(severity: Int) throws(InputError) {
        guard severities.contains(severity) else {
            throw InputError("severity \(severity) is out of range; give --severity from 1 (mild) to 5 (severe)")
        }
    }

    public static func validate(notes: String?) throws(InputError) {
        if let notes { try TextInput.validateText(notes, option: "--notes", limit: maximumNotesLength) }
    }
}
