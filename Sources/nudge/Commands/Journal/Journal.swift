import ArgumentParser
import NudgeCommandLine
import NudgeCommands
import NudgeCore

extension Nudge {
    struct Journal: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "journal",
            abstract:
                "The therapy-session journal: sessions, moods and reflections.",
            discussion: """
                Its texts stay in the store: no notification, log line or error message carries intentions, environment, music, dose, treatment type or reflection text. IDs may be any unique prefix of at least 4 characters; list shows 8.
                """,
            subcommands: [Add.self, List.self, Show.self, Edit.self, Reflect.self, Delete.self, Export.self])
    }
}

/// The session fields `add` and `edit` take. Refusals name the option, never the text.
struct TherapyFieldOptions: ParsableArguments {
    @Option(help: "The treatment.") var type: TherapySession.TreatmentType?
    @Option(
        help:
            "When the session began: \(InstantInput.accepted) (default now; a future time is accepted with a warning).",
        transform: TypedArguments.instant)
    var at: GivenInstant?
    @Option(help: "The dose, as free text (at most 200 characters).") var dose: String?
    @Option(help: "Intentions for the session (at most 5,000 characters).") var intentions: String?
    @Option(help: "Set and setting: where, lighting, comfort (at most 5,000 characters).") var environment: String?
    @Option(help: "Music: playlist or pieces (at most 5,000 characters).") var music: String?
    @Option(
        name: .customLong("mood-before"), help: "Mood before the session, 1 to 10.",
        transform: WholeNumber.parser(TherapySession.moods))
    var moodBefore: Int?
    @Option(
        name: .customLong("mood-after"), help: "Mood after the session, 1 to 10.",
        transform: WholeNumber.parser(TherapySession.moods))
    var moodAfter: Int?

    func validate() throws {
        do {
            for (option, text) in [
                ("--dose", dose), ("--intentions", intentions), ("--environment", environment), ("--music", music),
            ] {
                if let text { try TherapySession.validate(text, option: option) }
            }
            if let moodBefore { try TherapySession.validateMood(moodBefore, option: "--mood-before") }
            if let moodAfter { try TherapySession.validateMood(moodAfter, option: "--mood-after") }
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// The fields as typed, for the library to read.
    var request: JournalFields {
        JournalFields(
            type: type, at: at, dose: dose, intentions: intentions, environment: environment, music: music,
            moodBefore: moodBefore, moodAfter: moodAfter)
    }
}

extension Nudge.Journal {
    /// The ids `nudge journal <id>`'s refusal names the listing of.
    static let ids = JournalSessions.ids
}
