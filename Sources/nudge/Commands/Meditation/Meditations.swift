import ArgumentParser

extension Nudge {
    struct Meditations: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "meditations",
            abstract: "The meditation history: sessions by day, totals and streaks.",
            subcommands: [List.self, Add.self, Delete.self], defaultSubcommand: List.self)
    }
}
