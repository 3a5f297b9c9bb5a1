import ArgumentParser
import NudgeCore

extension Nudge {
    struct Settings: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "settings",
            abstract: "Show or change reminder settings; a running daemon follows at once.",
            subcommands: [List.self, Get.self, Set.self, Reset.self],
            defaultSubcommand: List.self
        )
    }
}
