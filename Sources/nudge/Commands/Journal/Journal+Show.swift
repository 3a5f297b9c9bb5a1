import ArgumentParser
import Foundation
import NudgeCommands
import NudgeCore
import NudgeReports
import NudgeStore

extension Nudge.Journal {
    struct Show: NudgeCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show one session: every field and its dated reflections.")
        @OptionGroup var global: GlobalOptions
        @Argument(
            help: "The session's id, or a unique prefix of at least 4 characters.",
            transform: Nudge.Journal.ids.argument)
        var id: String
        @Flag(help: "Print one JSON object.") var json = false

        func run(_ context: CommandContext) throws {
            let store = try context.openStoreForReading()
            let session = try Nudge.Journal.session(id, store)
            let reflections = try store.run { try $0.therapyReflections(of: session.id) }
            let shown = Listing.one(
                (session, reflections), row: { JournalExport.Session($0.0, $0.1) },
                text: {
                    JournalExport.markdown($0.0, $0.1, clock: context.wallClock, now: context.now, escaped: false)
                }, whenEmpty: "")
            try context.print(shown, json: json)
        }
    }
}
