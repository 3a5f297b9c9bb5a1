import ArgumentParser

extension Nudge {
    struct Log: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "log",
            abstract: "Record something in the store.",
            subcommands: [Symptom.self]
        )
    }
}
