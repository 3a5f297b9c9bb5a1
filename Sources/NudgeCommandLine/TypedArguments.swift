import ArgumentParser
import Foundation
import NudgeCommands
import NudgeCore
import NudgeReports
import NudgeStore

// The closed sets. ArgumentParser lists their values in the help, the man pages (from the
// descriptions) and a refusal. Each is taken in any case (`--type Oral`, `--format MD`): they
// are keywords, not text a person chose the spelling of.
extension TherapySession.TreatmentType: ExpressibleByArgument {
    public init?(argument: String) { self.init(rawValue: argument.lowercased()) }
    public static var allValueDescriptions: [String: String] {
        [
            "iv": "intravenous infusion", "im": "intramuscular injection", "oral": "swallowed",
            "lozenge": "dissolved in the mouth", "at-home": "taken at home", "clinic": "given at a clinic",
        ]
    }
}

extension CallMood: ExpressibleByArgument {
    public init?(argument: String) { self.init(rawValue: argument.lowercased()) }
    public static var allValueDescriptions: [String: String] {
        Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, "you felt \($0.rawValue) after it") })
    }
}

extension SymptomExport.Format: ExpressibleByArgument {
    /// `md` is Markdown's file extension, which people give for it.
    public init?(argument: String) {
        self.init(rawValue: argument.lowercased() == "md" ? "markdown" : argument.lowercased())
    }
    public static var allValueDescriptions: [String: String] {
        [
            "csv": "date,time,name,severity,notes, for a spreadsheet", "markdown": "a summary, then a section per day",
            "html": "a report to read or print: a chart per symptom, the summary, the days",
        ]
    }
}

extension JournalExport.Format: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(rawValue: argument.lowercased() == "md" ? "markdown" : argument.lowercased())
    }
    public static var allValueDescriptions: [String: String] {
        ["markdown": "for reading and printing", "json": "for programs"]
    }
}

/// The open forms the command line reads once, at parsing, for `@Option(transform:)`: each is
/// TypedInput's parse, its refusal ArgumentParser's, which names the option and the value.
public enum TypedArguments {
    /// A library type's own parse, for `transform:`.
    public static func parsed<Value>(
        _ parse: @escaping @Sendable (String) throws(InputError) -> Value
    ) -> @Sendable (String) throws -> Value {
        { text in
            do throws(InputError) { return try parse(text) } catch { throw ValidationError(error.description) }
        }
    }

    public static let instant = parsed(TypedInput.instant)

    /// A row's id, a whole number, where a person may type its text instead (hostile round of
    /// issue 40: `reminders edit 'water the plants'` got ArgumentParser's "The value ... is
    /// invalid"). What was typed is not repeated (a reminder's text is private), nor matched:
    /// an edit or a delete acts only on the row named by its id.
    public static func rowID(listedBy listing: String) -> @Sendable (String) throws -> Int64 {
        { text in
            // A number not an id is said so, not taken for a text (hostile round 31: `0`).
            switch Int64(text.trimmingCharacters(in: .whitespaces)) {
            case let id? where id > 0: return id
            case let number?:
                throw ValidationError(
                    "no reminder has id \(number): ids are positive whole numbers; \(listing) lists them")
            case nil:
                throw ValidationError(
                    "give the reminder's id, the number \(listing) lists in its ID column, not its text")
            }
        }
    }

    /// A time that has passed, at most `maximumAge` ago (`log symptom --at`).
    public static func pastInstant(maximumAge: TimeInterval) -> @Sendable (String) throws -> GivenInstant {
        parsed { text throws(InputError) in try TypedInput.pastInstant(text, maximumAge: maximumAge) }
    }

    public static let futureInstant = parsed(TypedInput.futureInstant)
    public static let futureDay = parsed(TypedInput.futureDay)
    public static let day = parsed(TypedInput.day)
    public static let timeOfDay = parsed(TypedInput.timeOfDay)
    public static let instantOrDay = parsed(TypedInput.instantOrDay)
    public static let spanAhead = parsed(SpanAhead.parse)

    /// A settings key, refused with the store contract's own message (the close key it may
    /// mean) rather than ArgumentParser's list.
    public static let settingKey: @Sendable (String) throws -> SettingKey = { name in
        do { return try SettingKey.named(name) } catch let error as SettingError {
            throw ValidationError(error.description)
        }
    }

    /// `call edit --mood`: a mood, or '' to remove the one stored.
    public static let moodCorrection: @Sendable (String) throws -> FieldCorrection<String?> = { text in
        guard !text.isEmpty else { return .set(nil) }
        guard let mood = CallMood(argument: text) else {
            throw ValidationError("not a mood; give one of \(CallMood.accepted), or '' to remove it")
        }
        return .set(mood.rawValue)
    }
}
