import ArgumentParser
import NudgeCommandLine
import NudgeCommands

extension Nudge {
    struct Ack: CheckedBeforeOffered, NudgeCommand {
        static let configuration = CommandConfiguration(
            commandName: "ack",
            abstract: "Answer a notification from the terminal, as its button would.",
            discussion:
                "The ids are in 'nudge history' (and in the notification's text when the server shows no buttons). On an alarm that rings, awake (I'm awake) has the running daemon stop the ringing, as the button does: nothing is recorded, and the notification stays for the answer."
        )
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The notification's id, as nudge history lists it.") var id: Int64
        @Argument(
            help:
                "The answer: a button's label as shown (Stop, \"Remind me tomorrow\"), in any case, or its id: \(AnswerRequest.answers)."
        )
        var answer: String

        private var request: AnswerRequest { AnswerRequest(id: id, answer: answer) }

        func run(_ context: CommandContext) throws {
            try request.run(context) { command in
                let status = Nudge.execute(command)
                if status != 0 { throw ExitCode(status) }
            }
        }

        func refusal(_ context: CommandContext) -> String? { request.refusal(context) }
    }
}
