import ArgumentParser
import Foundation
import Glibc
import NudgeCore

extension Nudge {
    struct Ack: NudgeCommand {
        static let configuration = CommandConfiguration(
            abstract: "Answer a notification from the terminal, as its button would.",
            discussion:
                "The ids are in 'nudge history' (and in the notification's text when the server shows no buttons).")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The delivery id.") var id: Int64
        @Argument(
            help:
                "The answer: a button's label as shown (Stop, \"Remind me tomorrow\"), in any case, or its id: \(answers)."
        )
        var action: String

        /// Every kind's answers: `done or snooze (symptom), take, skip or snooze (dose 2), ...`.
        static var answers: String {
            ReminderRules.all.map { rule in
                let listed =
                    rule.answers.count > 1
                    ? rule.answers.dropLast().joined(separator: ", ") + " or " + rule.answers.last!
                    : rule.answers.joined()
                return "\(listed) (\(rule.name))"
            }.joined(separator: ", ")
        }

        func run(_ context: CommandContext) throws {
            let store = try context.openStore()
            switch try store.run({
                try $0.answer(
                    id, action: action, at: context.now, clock: context.wallClock, sleep: context.clock.sleepReading())
            }) {
            case .recorded(let command, let confirmation):
                // In the notification's words: its title and the button's label.
                if let confirmation { context.print(confirmation) }
                // What the button opens a terminal for (Write now) runs here, in this terminal.
                guard let command else { return }
                guard context.environment.isTerminal, isatty(STDIN_FILENO) == 1 else {
                    return context.print("to do it now: nudge \(command.joined(separator: " "))")
                }
                let status = Nudge.execute(["--store", context.storePath] + command)
                if status != 0 { throw ExitCode(status) }
            case .duplicate:
                context.print("delivery \(id) was already answered; nothing changed")
            case .refused(let refusal):
                throw CommandFailure(refusal.description, exitCode: 64)
            }
        }
    }
}
