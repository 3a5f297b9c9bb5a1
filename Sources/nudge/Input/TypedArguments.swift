import ArgumentParser
import NudgeCore

// The closed sets. ArgumentParser lists their values in the help, the man pages (from the
// descriptions) and a refusal.
extension TherapySession.TreatmentType: ExpressibleByArgument {
    public static var allValueDescriptions: [String: String] {
        [
            "iv": "intravenous infusion", "im": "intramuscular injection", "oral": "swallowed",
            "lozenge": "dissolved in the mouth", "at-home": "taken at home", "clinic": "given at a clinic",
        ]
    }
}

extension CallMood: ExpressibleByArgument {
    public static var allValueDescriptions: [String: String] {
        Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, "you felt \($0.rawValue) after it") })
    }
}

extension SymptomExport.Format: ExpressibleByArgument {
    static var allValueDescriptions: [String: String] {
        [
            "csv": "date,time,name,severity,notes, for a spreadsheet", "markdown": "a summary, then a section per day",
            "html": "a report to read or print: a chart per symptom, the summary, the days",
        ]
    }
}

extension JournalExport.Format: ExpressibleByArgument {
    static var allValueDescriptions: [String: String] {
        ["markdown": "for reading and printing", "json": "for programs"]
    }
}

/// The open forms the command line reads once, at parsing, for `@Option(transform:)`:
/// a refusal says what is accepted, which ArgumentParser alone cannot for a type that is not a
/// closed set. What they mean as of now is resolved in `run(_:)` against the context's clock.
enum TypedArguments {
    static let instant: @Sendable (String) throws -> GivenInstant = { text in
        guard let given = GivenInstant(text) else { throw ValidationError("not a time; give \(InstantInput.accepted)") }
        return given
    }

    static let day: @Sendable (String) throws -> CivilDate = { text in
        guard let day = CivilDate(iso: text), (1...9999).contains(day.year) else {
            throw ValidationError("not a day; give YYYY-MM-DD")
        }
        return day
    }

    static let timeOfDay: @Sendable (String) throws -> LocalTime = { text in
        guard let time = LocalTime(parsing: text) else {
            throw ValidationError("not a time of day; give a local time such as 18:30 or 6:30pm")
        }
        return time
    }

    /// An instant, or a bare `YYYY-MM-DD` as that day's local midnight (`history --since`).
    static let instantOrDay: @Sendable (String) throws -> GivenInstant = { text in
        if let day = CivilDate(iso: text), let midnight = LocalTime(hour: 0, minute: 0) {
            return GivenInstant(text: text, form: .local(day, midnight, seconds: 0))
        }
        guard let given = GivenInstant(text) else {
            throw ValidationError("not a time; give \(InstantInput.accepted), or YYYY-MM-DD")
        }
        return given
    }
}
