import ArgumentParser
import NudgeCommandLine
import NudgeCommands
import NudgeCore

extension Nudge.Journal {
    struct Reflect: CheckedBeforeOffered, NudgeCommand {
        static let configuration = CommandConfiguration(
            commandName: "reflect",
            abstract: "Add a dated reflection to a session.",
            discussion: """
                Without --text it opens $VISUAL or $EDITOR on a private file (mode 0600, beside the store). If the editor fails or the terminal closes, the text is kept, and the next reflect on that session offers it.
                """)
        @OptionGroup var global: GlobalOptions
        @Argument(
            help: "The session's id, or a unique prefix of at least 4 characters.",
            transform: JournalSessions.ids.argument)
        var id: String
        @Option(help: "The reflection (1 to 20,000 characters; newlines and tabs kept).") var text: String?

        func validate() throws {
            if let text {
                do { try TherapyReflection.validate(text, option: "--text") } catch {
                    throw ValidationError(error.description)
                }
            }
        }

        private var request: JournalReflect { JournalReflect(id: id, text: text) }

        func run(_ context: CommandContext) throws {
            try request.run(context)
        }

        func refusal(_ context: CommandContext) -> String? { request.refusal(context) }
    }
}
