import ArgumentParser
import Foundation
import NudgeCore
import NudgeStore

extension Nudge {
    struct Journal: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "The therapy-session journal: sessions, the mood before and after, and reflections written later.",
            discussion: """
                Its texts stay in the store: no notification, log line or error message carries intentions, environment, music, dose, treatment type or reflection text. IDs may be any unique prefix of at least 4 characters; list shows 8.
                """,
            subcommands: [Add.self, List.self, Show.self, Edit.self, Reflect.self, Delete.self, Export.self])
    }
}

/// The session fields `add` and `edit` take. Refusals name the option, never the text.
struct TherapyFieldOptions: ParsableArguments {
    @Option(help: "The treatment: \(TherapySession.TreatmentType.accepted).") var type: String?
    @Option(help: "When the session began: \(InstantInput.accepted) (default now; a future time is accepted with a warning).") var at: String?
    @Option(help: "The dose, as free text (at most 200 characters).") var dose: String?
    @Option(help: "Intentions for the session (at most 5,000 characters).") var intentions: String?
    @Option(help: "Set and setting: where, lighting, comfort (at most 5,000 characters).") var environment: String?
    @Option(help: "Music: playlist or pieces (at most 5,000 characters).") var music: String?
    @Option(name: .customLong("mood-before"), help: "Mood before the session, 1 to 10.") var moodBefore: Int?
    @Option(name: .customLong("mood-after"), help: "Mood after the session, 1 to 10.") var moodAfter: Int?

    func validate() throws {
        do {
            if let type, TherapySession.TreatmentType(rawValue: type) == nil {
                throw InputError("--type is not a treatment type; give \(TherapySession.TreatmentType.accepted)")
            }
            for (option, text) in [("--dose", dose), ("--intentions", intentions), ("--environment", environment), ("--music", music)] {
                if let text { try TherapySession.validate(text, option: option) }
            }
            if let moodBefore { try TherapySession.validateMood(moodBefore, option: "--mood-before") }
            if let moodAfter { try TherapySession.validateMood(moodAfter, option: "--mood-after") }
        } catch let error as InputError {
            throw ValidationError(error.description)
        }
    }

    /// The fields as given, with `--at` read on the context's clock (a future one warned of).
    func fields(_ context: CommandContext) throws -> Store.TherapyFields {
        var startedAt: Date?
        if let at {
            do { startedAt = try InstantInput.anyInstant(at, option: "--at", now: context.now, clock: context.wallClock, echo: false) } catch {
                throw CommandFailure(error.description, exitCode: 64)
            }
            if let startedAt, startedAt > context.now.addingTimeInterval(60) {
                context.environment.errors("nudge: warning: --at is in the future (\(context.understood(startedAt))); recorded as given\n")
            }
        }
        return Store.TherapyFields(
            startedAt: startedAt, treatmentType: type.flatMap(TherapySession.TreatmentType.init(rawValue:)), dose: dose, intentions: intentions,
            environment: environment, music: music, moodBefore: moodBefore, moodAfter: moodAfter)
    }
}

extension Nudge.Journal {
    struct Add: NudgeCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add a session.",
            discussion: """
                On a terminal without --type it asks for each field in turn (Enter skips one) and keeps what was typed after every field in a private draft beside the store, so a closed terminal loses nothing; the next add offers to continue it.
                """)
        @OptionGroup var global: GlobalOptions
        @OptionGroup var options: TherapyFieldOptions

        func run(_ context: CommandContext) throws {
            guard let type = options.type.flatMap(TherapySession.TreatmentType.init(rawValue:)) else {
                guard context.environment.isTerminal, isatty(STDIN_FILENO) == 1 else {
                    throw CommandFailure(
                        "give the treatment type with --type (\(TherapySession.TreatmentType.accepted)); on a terminal, nudge journal add asks for each field",
                        exitCode: 64)
                }
                guard let session = try JournalPrompts(context: context).run(store: context.openStore()) else {
                    return context.print("kept what was typed; the next nudge journal add offers it again")
                }
                return context.print("added the session of \(context.understood(session.startedAt)) (id \(session.id.prefix(8)))")
            }
            let fields = try options.fields(context)
            let startedAt = fields.startedAt ?? context.now
            let session = try context.openStore().run { try $0.addTherapySession(fields, startedAt: startedAt, type: type, now: context.now) }
            context.print("added the session of \(context.understood(startedAt)) (id \(session.id.prefix(8)))")
        }
    }

    struct List: NudgeCommand {
        static let configuration = CommandConfiguration(abstract: "List the sessions, newest first, with the mood before and after and how many reflections.")
        @OptionGroup var global: GlobalOptions
        @Flag(help: "Print one JSON array.") var json = false

        struct Row: Encodable {
            var id: String
            @TimestampText var startedAt: Date?
            var treatmentType: String
            @NullWhenAbsent var moodBefore: Int?
            @NullWhenAbsent var moodAfter: Int?
            var reflections: Int
        }

        func run(_ context: CommandContext) throws {
            let sessions = try context.openStoreForReading().run { try $0.therapySessions() }
            let clock = context.wallClock
            try context.print(
                Listing(
                    items: sessions,
                    row: {
                        Row(
                            id: $0.session.id, startedAt: $0.session.unreadableStart == nil ? $0.session.startedAt : nil, treatmentType: $0.session.treatmentType.rawValue,
                            moodBefore: $0.session.moodBefore, moodAfter: $0.session.moodAfter, reflections: $0.reflections)
                    },
                    columns: [
                        .init("ID") { String($0.session.id.prefix(8)) }, .init("DATE") { $0.session.unreadableStart.map { "unreadable: \(TextInput.oneLine($0))" } ?? LocalFormat.dateTime($0.session.startedAt, clock: clock) },
                        .init("TYPE") { $0.session.treatmentType.rawValue },
                        .init("MOOD") { Nudge.Journal.moods($0.session) }, .init("REFLECTIONS") { String($0.reflections) },
                    ],
                    whenEmpty: "No sessions in the journal yet. Add the first with: nudge journal add --type \(TherapySession.TreatmentType.accepted.replacingOccurrences(of: ", ", with: "|").replacingOccurrences(of: " or ", with: "|"))"),
                json: json)
        }
    }

    struct Show: NudgeCommand {
        static let configuration = CommandConfiguration(abstract: "Show one session: every field and its dated reflections.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The session's id, or a unique prefix of at least 4 characters.") var id: String
        @Flag(help: "Print one JSON object.") var json = false

        func validate() throws { try Nudge.Journal.validatePrefix(id) }

        func run(_ context: CommandContext) throws {
            let store = try context.openStoreForReading()
            let session = try Nudge.Journal.session(id, store)
            let reflections = try store.run { try $0.therapyReflections(of: session.id) }
            if json { return try context.printJSON(JournalExport.Session(session, reflections)) }
            context.print(JournalExport.markdown(session, reflections, clock: context.wallClock, now: context.now, escaped: false))
        }
    }

    struct Edit: NudgeCommand {
        static let configuration = CommandConfiguration(abstract: "Change fields of a session.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The session's id, or a unique prefix of at least 4 characters.") var id: String
        @OptionGroup var options: TherapyFieldOptions

        func validate() throws { try Nudge.Journal.validatePrefix(id) }

        func run(_ context: CommandContext) throws {
            let fields = try options.fields(context)
            guard !fields.isEmpty else {
                throw CommandFailure("give at least one field to change, such as --mood-after N (nudge journal edit --help lists them)", exitCode: 64)
            }
            let store = try context.openStore()
            let session = try Nudge.Journal.session(id, store)
            guard try store.run({ try $0.editTherapySession(id: session.id, fields, now: context.now) }) else {
                throw CommandFailure("that session was deleted meanwhile; nothing changed", exitCode: 64)
            }
            let changed = fields.startedAt.map { "the session of \(context.understood($0))" } ?? Nudge.Journal.named(session, context)
            context.print("changed \(changed) (id \(session.id.prefix(8)))")
        }
    }

    struct Reflect: NudgeCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add a dated reflection to a session.",
            discussion: """
                Without --text it opens $VISUAL or $EDITOR on a private file (mode 0600, beside the store). If the editor fails or the terminal closes, the text is kept, and the next reflect on that session offers it.
                """)
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The session's id, or a unique prefix of at least 4 characters.") var id: String
        @Option(help: "The reflection (1 to 20,000 characters; newlines and tabs kept).") var text: String?

        func validate() throws {
            try Nudge.Journal.validatePrefix(id)
            if let text {
                do { try TherapyReflection.validate(text, option: "--text") } catch { throw ValidationError(error.description) }
            }
        }

        func run(_ context: CommandContext) throws {
            let store = try context.openStore()
            let session = try Nudge.Journal.session(id, store)
            let name = Nudge.Journal.named(session, context)
            let written: String
            let source: TherapyReflection.Source
            if let text {
                (written, source) = (text, .command)
            } else {
                let draft = ReflectionDraft(storePath: context.storePath, sessionID: session.id)
                if draft.exists {
                    if context.environment.isTerminal, isatty(STDIN_FILENO) == 1 {
                        switch context.choice(aboutDraft: "A reflection on this session was started and not saved; continue it?") {
                        case .continueIt: break
                        case .startAgain: draft.discard()
                        case .keepIt: return context.print("kept what was written; nudge journal reflect \(session.id.prefix(8)) offers it again")
                        }
                    } else {
                        context.environment.errors("nudge: continuing the reflection started earlier on this session\n")
                    }
                }
                try draft.prepare(heading: "A reflection on \(name).")
                guard try draft.edit(environment: context.environment.variables) else {
                    throw CommandFailure(
                        "the editor did not finish; what you wrote is kept, and nudge journal reflect \(session.id.prefix(8)) offers it again")
                }
                let edited = try draft.text()
                guard !edited.isEmpty else {
                    draft.discard()
                    return context.print("nothing written; no reflection added")
                }
                do { try TherapyReflection.validate(edited, option: "the reflection") } catch {
                    throw CommandFailure("\(error.description); it is kept, and the next reflect on this session offers it", exitCode: 64)
                }
                (written, source) = (edited, .editor)
            }
            guard try store.run({ try $0.addTherapyReflection(to: session.id, text: written, source: source, at: context.now) }) else {
                throw CommandFailure("that session was deleted meanwhile; nothing written", exitCode: 64)
            }
            // Only once the store has it.
            if source == .editor { ReflectionDraft(storePath: context.storePath, sessionID: session.id).discard() }
            context.print("added a reflection to \(name)")
        }
    }

    struct Delete: NudgeCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete a session with its reflections.", discussion: "On a terminal it asks first; otherwise it needs --yes.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The session's id, or a unique prefix of at least 4 characters.") var id: String
        @Flag(help: "Delete without asking.") var yes = false

        func validate() throws { try Nudge.Journal.validatePrefix(id) }

        func run(_ context: CommandContext) throws {
            let store = try context.openStore()
            let session = try Nudge.Journal.session(id, store)
            let count = try store.run { try $0.therapyReflections(of: session.id).count }
            let what = "\(Nudge.Journal.named(session, context)) and its \(count) reflection\(count == 1 ? "" : "s")"
            guard try context.consentsToDelete(what, cannotBeUndone: true, yes: yes) else { return }
            guard try store.run({ try $0.deleteTherapySession(id: session.id) }) else {
                throw CommandFailure("that session was deleted meanwhile", exitCode: 64)
            }
            // An unsaved reflection on it would be out of reach of every command.
            ReflectionDraft(storePath: context.storePath, sessionID: session.id).discard()
            context.print("deleted \(what)")
        }
    }

    struct Export: NudgeCommand {
        static let configuration = CommandConfiguration(
            abstract: "Export every session and reflection, for the person or their therapist.",
            discussion: """
                Without --format, an --output ending in .json is JSON and anything else Markdown. A file is written with mode 0600 (readable by its owner only); an existing regular file is replaced whole, never the store or one of its files.
                """)
        @OptionGroup var global: GlobalOptions
        @Option(help: "markdown or json.") var format: String?
        @Option(help: "Write to this file instead of standard output.") var output: String?

        func validate() throws {
            if let format, !["markdown", "json"].contains(format) { throw ValidationError("--format '\(format)' is not markdown or json") }
            if let output { try PrivateFile.validateOutput(output, store: CommandContext(global).storePath) }
        }

        private var json: Bool { format.map { $0 == "json" } ?? (output?.lowercased().hasSuffix(".json") == true) }

        func run(_ context: CommandContext) throws {
            let store = try context.openStoreForReading()
            let sessions = try store.run { store in try store.therapySessions().map { ($0.session, try store.therapyReflections(of: $0.session.id)) } }
            let text =
                json
                ? try JSONText.render(sessions.map { JournalExport.Session($0.0, $0.1) }) + "\n"
                : JournalExport.markdown(sessions, clock: context.wallClock, now: context.now)
            guard let output else { return context.environment.output(text) }
            try PrivateFile.write(text, to: output)
            context.print("exported \(sessions.count) session\(sessions.count == 1 ? "" : "s") to \(output) (mode 0600)")
        }
    }

    static let ids = IDPrefix(what: "session", listedBy: "nudge journal list")

    /// `Sunday 2026-11-22 14:00 CET`, or what another program stored where no time can be read.
    static func dated(_ session: TherapySession, clock: WallClock) -> String {
        if let stored = session.unreadableStart { return "an unreadable time ('\(TextInput.oneLine(stored))')" }
        return "\(clock.date(of: session.startedAt).weekdayName) \(LocalFormat.dateTime(session.startedAt, clock: clock))"
    }

    /// `the session of 14:00 today, 2026-11-22 14:00 CET`, in confirmations.
    static func named(_ session: TherapySession, _ context: CommandContext) -> String {
        if let stored = session.unreadableStart { return "the session of an unreadable time ('\(TextInput.oneLine(stored))')" }
        return "the session of \(context.understood(session.startedAt))"
    }

    static func validatePrefix(_ id: String) throws { try ids.validate(id) }

    static func session(_ prefix: String, _ store: Store) throws -> TherapySession {
        try ids.resolve(try store.run { try $0.therapySession(matching: prefix) }, prefix: prefix)
    }

    /// `4 → 7`, `- → 6`.
    static func moods(_ session: TherapySession) -> String {
        "\(session.moodBefore.map(String.init) ?? "-") → \(session.moodAfter.map(String.init) ?? "-")"
    }
}
