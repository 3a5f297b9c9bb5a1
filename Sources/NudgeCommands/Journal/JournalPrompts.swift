import Foundation
import NudgeCore
import NudgeReports
import NudgeStore

/// `nudge journal add` on a terminal without `--type`: it asks for each field in turn (Enter
/// skips one), keeps every answer in a `SessionDraft` at once, and offers a draft left by a
/// closed terminal. A refusal says what is needed and asks again; it never repeats the text.
public struct JournalPrompts {
    public var context: CommandContext

    public init(context: CommandContext) { self.context = context }

    private struct Field {
        var name: String
        var question: String
        var required = false
        /// The value to keep (canonical), or why it cannot be.
        var accept: (String) throws(InputError) -> String
    }

    private func fields(now: Date) -> [Field] {
        func text(_ option: String) -> (String) throws(InputError) -> String {
            { value throws(InputError) in
                try TherapySession.validate(value, option: option)
                return value
            }
        }
        func mood(_ option: String) -> (String) throws(InputError) -> String {
            { value throws(InputError) in
                guard let mood = Int(value) else { throw InputError("a mood is a whole number from 1 to 10") }
                try TherapySession.validateMood(mood, option: option)
                return String(mood)
            }
        }
        return [
            Field(name: "type", question: "Treatment type (\(TherapySession.TreatmentType.accepted)): ", required: true)
            { value throws(InputError) in
                guard let type = TherapySession.TreatmentType(rawValue: value.lowercased()) else {
                    throw InputError("that is not a treatment type; give \(TherapySession.TreatmentType.accepted)")
                }
                return type.rawValue
            },
            Field(name: "at", question: "When did it begin? (Enter for now; 14:00 or 2026-11-22T14:00): ") {
                value throws(InputError) in
                guard let typed = GivenInstant(value) else {
                    throw InputError("that is not a time; give \(InstantInput.accepted)")
                }
                return Timestamp.format(
                    try InstantInput.anyInstant(
                        typed, option: "the time", now: now, clock: context.wallClock, echo: false))
            },
            Field(name: "dose", question: "Dose (Enter to skip): ", accept: text("the dose")),
            Field(name: "intentions", question: "Intentions (Enter to skip): ", accept: text("the intentions")),
            Field(
                name: "environment", question: "Environment: where, lighting, comfort (Enter to skip): ",
                accept: text("the environment")),
            Field(name: "music", question: "Music (Enter to skip): ", accept: text("the music")),
            Field(
                name: "mood_before", question: "Mood before, 1 to 10 (Enter to skip): ", accept: mood("the mood before")
            ),
            Field(
                name: "mood_after", question: "Mood after, 1 to 10 (Enter to skip): ", accept: mood("the mood after")),
        ]
    }

    /// Asks, saves the session, and removes the draft: what the store did and the fields
    /// given; nil when the person keeps an earlier draft for later.
    public func run(store: Store) throws -> (adding: Store.TherapySessionAdding, given: Store.TherapyFields)? {
        var draft = SessionDraft(storePath: context.storePath)
        if let saved = SessionDraft.saved(storePath: context.storePath), !saved.answers.isEmpty {
            switch context.choice(aboutDraft: "A session you began adding was not saved; continue it?") {
            case .continueIt: draft = saved
            case .startAgain: saved.discard()
            case .keepIt: return nil
            }
        }
        let now = context.now
        for field in fields(now: now) where draft.answers[field.name] == nil {
            try ask(field, into: &draft, now: now)
        }
        let answers = draft.answers
        func given(_ name: String) -> String? { answers[name].flatMap { $0.isEmpty ? nil : $0 } }
        guard let type = given("type").flatMap(TherapySession.TreatmentType.init(rawValue:)) else {
            throw CommandFailure("the draft has no treatment type; run nudge journal add again", exitCode: 65)
        }
        let startedAt = given("at").flatMap(Timestamp.parse) ?? now
        let fields = Store.TherapyFields(
            treatmentType: type, dose: given("dose"), intentions: given("intentions"),
            environment: given("environment"),
            music: given("music"),
            moodBefore: given("mood_before").flatMap { Int($0) }, moodAfter: given("mood_after").flatMap { Int($0) })
        let adding = try store.run {
            try $0.addTherapySession(fields, startedAt: startedAt, type: type, now: context.now)
        }
        // Another session in that minute: what was typed is kept for the next add.
        if case .exists(_, identical: false) = adding { return (adding, fields) }
        draft.discard()
        return (adding, fields)
    }

    /// Asks one field until it is answered or skipped, and saves the answer in the draft.
    private func ask(_ field: Field, into draft: inout SessionDraft, now: Date) throws {
        while true {
            context.environment.output(field.question)
            guard let line = readLine() else {
                context.environment.output("\n")
                throw CommandFailure("stopped; what you typed is kept, and the next nudge journal add continues it")
            }
            let value = line.trimmingCharacters(in: .whitespaces)
            if value.isEmpty {
                guard !field.required else {
                    context.print("  The treatment type is needed.")
                    continue
                }
                return try draft.answer(field.name, field.name == "at" ? Timestamp.format(now) : "")
            }
            do {
                return try draft.answer(field.name, try field.accept(value))
            } catch let refusal as InputError {
                context.print("  \(refusal.description); try again, or press Enter to skip")
            }
        }
    }
}
