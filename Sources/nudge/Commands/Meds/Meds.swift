import ArgumentParser

extension Nudge {
    struct Meds: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Record the day's other medications where DoseTap reads them.",
            subcommands: [Taken.self]
        )
    }
}
