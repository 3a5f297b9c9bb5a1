import ArgumentParser

extension Nudge {
    struct Symptoms: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "symptoms",
            abstract: "Read, correct and export the symptom diary, for a doctor.",
            subcommands: [List.self, Edit.self, Delete.self, Export.self],
            defaultSubcommand: List.self
        )
    }
}
