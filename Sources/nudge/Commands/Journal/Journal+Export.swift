import ArgumentParser
import NudgeCommandLine
import NudgeCommands
import NudgeReports

extension Nudge.Journal {
    struct Export: NudgeCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Export every session and reflection, for the person or their therapist.",
            discussion: """
                Without --format, an --output ending in .json is JSON and anything else Markdown; an extension that names another format (.pdf, .csv, .docx) is refused. A file is written with mode 0600 (readable by its owner only); an existing regular file is replaced whole, never the store or one of its files.
                """)
        @OptionGroup var global: GlobalOptions
        @Option(help: "The file format (default: by --output's extension, else markdown).") var format:
            JournalExport.Format?
        @Option(help: "Write to this file instead of standard output.") var output: String?

        func run(_ context: CommandContext) throws {
            try JournalExportRequest(format: format, output: output).run(context)
        }
    }
}
