import ArgumentParser
import NudgeCommandLine
import NudgeCommands
import NudgeCore

extension Nudge.Symptoms {
    struct Edit: NudgeCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit",
            abstract: "Correct a symptom entry: its name, severity, notes or time.",
            discussion: """
                The same rules as nudge log symptom apply; --notes '' removes the notes. An entry moved or renamed within 5 minutes of another of the same symptom is refused, exit 64, nothing changed, as nudge log symptom refuses it; --confirm-duplicate keeps both.
                """)
        @OptionGroup var global: GlobalOptions
        @Argument(
            help: "The entry's id, or a unique prefix of at least 4 characters (nudge symptoms shows 8).",
            transform: SymptomEntries.ids.argument) var id: String
        @Option(
            help:
                "What was felt (at most 200 characters); one logged before in another case is written as before.")
        var name: String?
        @Option(
            parsing: .unconditional, help: "How strong, from 1 (mild) to 5 (severe).",
            transform: WholeNumber.parser(SymptomEntry.severities))
        var severity: Int?
        @Option(help: "Notes in place of the old ones (at most 5000 characters); '' removes them.") var notes: String?
        @Option(
            help: "When it was felt, as nudge log symptom takes it: any time that has passed.",
            transform: TypedArguments.pastInstant(maximumAge: SymptomEntry.maximumBackdating))
        var at: GivenInstant?
        @Flag(help: "Move or rename the entry within 5 minutes of another of the same symptom all the same.")
        var confirmDuplicate = false

        func validate() throws {
            guard name != nil || severity != nil || notes != nil || at != nil else {
                throw ValidationError("nothing to change; give --name, --severity, --notes or --at")
            }
            do {
                if let name { try SymptomEntry.validate(name: name) }
                if let severity { try SymptomEntry.validate(severity: severity) }
                try SymptomEntry.validate(notes: notes)
            } catch {
                throw ValidationError(error.description)
            }
        }

        func run(_ context: CommandContext) throws {
            var edit = SymptomEdit(id: id, name: name, severity: severity, notes: notes, at: at)
            edit.confirmDuplicate = confirmDuplicate
            try edit.run(context)
        }
    }
}
