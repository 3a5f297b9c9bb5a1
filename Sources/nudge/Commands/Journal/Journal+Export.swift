import ArgumentParser
import Foundation
import NudgeCommands
import NudgeCore
import NudgeReports
import NudgeStore

extension Nudge.Journal {
    struct Export: NudgeCommand {
        static let configuration = CommandConfiguration(
            abstract: "Export every session and reflection, for the person or their therapist.",
            discussion: """
                Without --format, an --output ending in .json is JSON and anything else Markdown; an extension that names another format (.pdf, .csv, .docx) is refused. A file is written with mode 0600 (readable by its owner only); an existing regular file is replaced whole, never the store or one of its files.
                """)
        @OptionGroup var global: GlobalOptions
        @Option(help: "The file format (default: by --output's extension, else markdown).") var format:
            JournalExport.Format?
        @Option(help: "Write to this file instead of standard output.") var output: String?

        private var json: Bool { format.map { $0 == .json } ?? (output?.lowercased().hasSuffix(".json") == true) }

        func run(_ context: CommandContext) throws {
            if let output {
                try PrivateFile.validateOutput(
                    output, store: context.storePath, backupDirectory: context.backupDirectory)
                try OutputExtension.validate(
                    output, format: json ? "json" : "markdown", given: format != nil,
                    formats: JournalExport.Format.allCases.map(\.rawValue))
            }
            let store = try context.openStoreForReading()
            let sessions = try store.run { store in
                try store.therapySessions().map { ($0.session, try store.therapyReflections(of: $0.session.id)) }
            }
            let text =
                json
                ? try JSONText.render(sessions.map { JournalExport.Session($0.0, $0.1) }) + "\n"
                : JournalExport.markdown(sessions, clock: context.wallClock, now: context.now)
            guard let output else { return context.environment.output(text) }
            try PrivateFile.write(text, to: output)
            context.print(
                "exported \(sessions.count) session\(sessions.count == 1 ? "" : "s") to \(output) (mode 0600)")
        }
    }
}
