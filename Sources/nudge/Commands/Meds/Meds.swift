import ArgumentParser

extension Nudge {
    struct Meds: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "meds",
            abstract: "Medications by day, recorded where DoseTap reads them.",
            subcommands: [Add.self, List.self, Edit.self, Remove.self, Taken.self, History.self]
        )
    }
}
