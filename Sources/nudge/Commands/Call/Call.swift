import ArgumentParser

extension Nudge {
    struct Call: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "call",
            abstract: "Log calls and ask to be reminded of one.",
            subcommands: [LogCall.self, Remind.self, Reminders.self, History.self, Edit.self, Delete.self]
        )
    }
}
