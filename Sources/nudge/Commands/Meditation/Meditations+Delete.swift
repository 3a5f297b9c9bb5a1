import ArgumentParser
import Foundation
import NudgeCommands
import NudgeCore
import NudgeReports
import NudgeStore

extension Nudge.Meditations {
    struct Delete: NudgeCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete one session from the history.",
            discussion: "On a terminal it asks first; otherwise it needs --yes.")
        @OptionGroup var global: GlobalOptions
        @Argument(
            help: "The session's id, or a unique prefix of at least 4 characters (nudge meditations lists 8).",
            transform: Self.ids.argument)
        var id: String
        @Flag(help: "Delete without asking.") var yes = false

        static let ids = IDPrefix(what: "session", listedBy: "nudge meditations")

        func run(_ context: CommandContext) throws {
            let store = try context.openStore()
            let session = try Self.ids.resolve(try store.run { try $0.meditation(matching: id) }, prefix: id)
            guard !session.isRunning else {
                throw CommandFailure("that session is running; end it with: nudge meditate stop", exitCode: 64)
            }
            // Its day as the meditation listing has it; named with its weekday unless it is today.
            let day = session.localStart.date
            let named =
                day == context.wallClock.date(of: context.now)
                ? "\(day)" : "\(context.wallClock.weekdayName(day)) \(day)"
            let what =
                "the \(MeditationTimer.minutes(session.actualSeconds ?? 0)) session of \(named) (id \(session.id.prefix(8)))"
            try context.delete(what, cannotBeUndone: true, yes: yes) {
                try store.run { try $0.deleteMeditation(id: session.id) }
            }
        }
    }
}
