import ArgumentParser
import NudgeCore
import NudgeStore

extension Nudge {
    struct Settings: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show or change reminder settings; a running daemon follows at once.",
            subcommands: [List.self, Get.self, Set.self, Reset.self],
            defaultSubcommand: List.self
        )
    }
}

/// Parses a key with the store contract's own message, rather than ArgumentParser's list.
func settingKey(_ name: String) throws -> SettingKey {
    do { return try SettingKey.named(name) } catch { throw ValidationError(error.description) }
}
