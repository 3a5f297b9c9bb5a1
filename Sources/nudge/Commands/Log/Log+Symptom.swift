import ArgumentParser
import NudgeCommandLine
import NudgeCommands
import NudgeCore

extension Nudge.Log {
    struct Symptom: NudgeCommand {
        static let configuration = CommandConfiguration(
            commandName: "symptom",
            abstract: "Add an entry to the symptom diary.",
            discussion: """
                A second entry of the symptom (in any case) within 5 minutes of one logged (by nudge or Symptomly) is refused, exit 64, nothing logged: a line typed again; correct the one there with nudge symptoms edit, or --confirm-duplicate logs it.
                """)
        @OptionGroup var global: GlobalOptions
        @Argument(
            help:
                "What was felt, such as Headache (at most 200 characters); one logged before in another case is written as before.",
            completion: StoreCompletion.symptomNames)
        var name: String
        @Option(
            parsing: .unconditional, help: "How strong, from 1 (mild) to 5 (severe).",
            transform: WholeNumber.parser(SymptomEntry.severities))
        var severity: Int
        @Option(help: "Anything else worth remembering (at most 5000 characters).") var notes: String?
        @Option(
            help:
                "When it was felt, any time that has passed: 19:05 (the latest 19:05 that has passed), yesterday 22:10, monday 9:00, 3 days ago, 2026-11-21 19:05 (local), or ISO 8601 with an offset (default: now).",
            transform: TypedArguments.pastInstant(maximumAge: SymptomEntry.maximumBackdating))
        var at: GivenInstant?
        @Flag(help: "Log a second entry of the symptom within 5 minutes of one logged.") var confirmDuplicate = false

        func validate() throws {
            do {
                try SymptomEntry.validate(name: name, severity: severity, notes: notes)
            } catch {
                throw ValidationError(error.description)
            }
        }

        func run(_ context: CommandContext) throws {
            var log = SymptomLog(name: name, severity: severity, notes: notes, at: at)
            log.confirmDuplicate = confirmDuplicate
            try log.run(context)
        }
    }
}
