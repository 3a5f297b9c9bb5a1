import Foundation

/// One therapy session of the journal, a row of `therapy_sessions`. Its texts are the most
/// private data in the store: nothing but the store and the person's own terminal sees them.
public struct TherapySession: Sendable, Equatable {
    public enum TreatmentType: String, Sendable, CaseIterable {
        case iv, im, oral, lozenge
        case atHome = "at-home"
        case clinic

        /// `iv, im, oral, lozenge, at-home or clinic`.
        public static var accepted: String {
            allCases.dropLast().map(\.rawValue).joined(separator: ", ") + " or " + allCases.last!.rawValue
        }
    }

    public var id: String
    public var startedAt: Date
    public var treatmentType: TreatmentType
    public var dose: String?
    public var intentions: String?
    public var environment: String?
    public var music: String?
    public var moodBefore: Int?
    public var moodAfter: Int?
    public var createdAt: Date
    public var updatedAt: Date
    /// The stored start when no time can be read from it (another program wrote it); the
    /// session is then listed last, and `startedAt` is only its place in that order.
    public var unreadableStart: String?

    public init(
        id: String, startedAt: Date, treatmentType: TreatmentType, dose: String? = nil, intentions: String? = nil,
        environment: String? = nil,
        music: String? = nil, moodBefore: Int? = nil, moodAfter: Int? = nil, createdAt: Date, updatedAt: Date
    ) {
        self.id = id
        self.startedAt = startedAt
        self.treatmentType = treatmentType
        self.dose = dose
        self.intentions = intentions
        self.environment = environment
        self.music = music
        self.moodBefore = moodBefore
        self.moodAfter = moodAfter
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// The limits of the store contract (nudge(5), therapy_sessions), in Unicode scalars.
    public static let doseLimit = 200
    public static let textLimit = 5000
    public static let moods: ClosedRange<Int> = 1...10

    /// Refuses a mood outside 1 to 10, naming the option only.
    public static func validateMood(_ mood: Int, option: String) throws(InputError) {
        guard moods.contains(mood) else {
            throw InputError("\(option) \(mood) is not from 1 to 10; give a whole number from 1 (lowest) to 10")
        }
    }

    /// Refuses text over its limit or with control characters other than newlines and tabs;
    /// the message names the option, never the text.
    public static func validate(_ text: String, option: String) throws(InputError) {
        try TextInput.validateText(text, option: option, limit: option == "--dose" ? doseLimit : textLimit)
    }
}

/// A reflection written on a session, a row of `therapy_reflections`.
public struct TherapyReflection: Sendable, Equatable {
    public enum Source: String, Sendable {
        /// `nudge journal reflect --text`.
        case command
        /// Written in `$VISUAL`/`$EDITOR`.
        case editor
        /// Typed into the notification (inline reply).
        case reply
    }

    public var id: String
    public var sessionID: String
    public var writtenAt: Date
    public var text: String
    public var source: Source

    public init(id: String, sessionID: String, writtenAt: Date, text: String, source: Source) {
        self.id = id
        self.sessionID = sessionID
        self.writtenAt = writtenAt
        self.text = text
        self.source = source
    }

    public static let limit = 20000

    /// Refuses empty text, text over 20,000 characters, or control characters other than
    /// newlines and tabs; the message never carries the text.
    public static func validate(_ text: String, option: String) throws(InputError) {
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw InputError("\(option) is empty; a reflection needs some text")
        }
        try TextInput.validateText(text, option: option, limit: limit)
    }
}
