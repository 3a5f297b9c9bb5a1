import ArgumentParser
import NudgeCommandLine
import NudgeCommands
import NudgeCore
import NudgeStore

extension Nudge.Call {
    struct Edit: NudgeCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit",
            abstract: "Correct a call: its time, duration, mood or notes.",
            discussion:
                "The same rules as nudge call log apply; --mood '' and --notes '' remove them. The call is pending sync again, as the Monica client has an edit, and the contact's cadence counts from its latest call at once. A call moved within 5 minutes of another with the contact is refused, exit 64, nothing changed, as nudge call log refuses it; --confirm-duplicate keeps both."
        )
        @OptionGroup var global: GlobalOptions
        @Argument(
            help: "The call's id, or a unique prefix of at least 4 characters (nudge call history shows 8).",
            transform: CallEntries.ids.argument)
        var id: String
        @Option(
            help: "When, as nudge call log takes it: at most 366 days ago.",
            transform: TypedArguments.pastInstant(maximumAge: CallInput.maximumBackdating))
        var at: GivenInstant?
        @Option(
            parsing: .unconditional, help: "How long, 0 to 24 h in whole minutes: 12 (minutes), 12m, 1h30m or 1:30.",
            transform: DurationMinutes.parser(CallInput.durationRange))
        var duration: Int?
        @Option(help: "How it went: \(CallMood.accepted); '' removes it.", transform: TypedArguments.moodCorrection)
        var mood: FieldCorrection<String?>?
        @Option(help: "Notes in place of the old ones (at most 5000 characters); '' removes them.") var notes: String?
        @Flag(help: "Move the call within 5 minutes of another with the contact all the same.")
        var confirmDuplicate = false

        func validate() throws {
            guard at != nil || duration != nil || mood != nil || notes != nil else {
                throw ValidationError("nothing to change; give --at, --duration, --mood or --notes")
            }
            do {
                if let duration { try CallInput.validate(duration: duration) }
                try CallInput.validate(notes: notes)
            } catch {
                throw ValidationError(error.description)
            }
        }

        func run(_ context: CommandContext) throws {
            var edit = CallEdit(id: id, at: at, duration: duration, mood: mood, notes: notes)
            edit.confirmDuplicate = confirmDuplicate
            try edit.run(context)
        }
    }
}
