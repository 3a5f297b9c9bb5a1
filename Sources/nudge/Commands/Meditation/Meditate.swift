import ArgumentParser
import Foundation
import NudgeCommands
import NudgeCore
import NudgeReports
import NudgeStore
import NudgeSystem

extension Nudge {
    struct Meditate: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "meditate",
            abstract:
                "Meditate: the daemon rings the bells, and records the session.",
            discussion: """
                The running daemon keeps the time: closing the terminal, a locked screen or a busy machine changes nothing. One session at a time. A session ended early is kept when it lasted a minute; a sleep of the machine during a session ends it there, recorded as interrupted, and no late bell rings on resume.
                """,
            subcommands: [Start.self, Stop.self, Status.self], defaultSubcommand: Start.self)
    }
}
