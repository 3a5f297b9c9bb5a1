import ArgumentParser

extension Nudge {
    struct Dose: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "dose",
            abstract: "Record doses, snoozes and skips, as the buttons and DoseTap do.",
            subcommands: [First.self, Second.self, Snooze.self, Skip.self, Status.self, TestAlarm.self]
        )
    }
}
