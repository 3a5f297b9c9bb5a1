import ArgumentParser
import NudgeCommandLine
import NudgeCommands
import NudgeReports

extension Nudge.Symptoms {
    struct Export: NudgeCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Export the symptom diary, oldest first, for a doctor or a spreadsheet.",
            discussion: """
                CSV has the header date,time,name,severity,notes (local date and time) and quotes fields as RFC 4180 says. Markdown has a summary of each symptom's count and average severity, then a section per day. HTML is one self-contained page to read or print (A4 or Letter): the span and counts, a chart per symptom of each day's highest and mean severity, the summary, then the days, and the span's doses of the medications taken by day with what became of each (as nudge meds history lists them); nothing in it is fetched or run.

                Without a day, the whole diary. Without --format, an --output ending in .csv is CSV, one ending in .html or .htm HTML, and anything else Markdown; an extension that names another format (.pdf, .xlsx, .docx, or .html with --format csv) is refused. A file is written with mode 0600 (readable by its owner only); an existing regular file is replaced whole, never the store or one of its files.
                """)
        @OptionGroup var global: GlobalOptions
        @OptionGroup var range: DayRangeOptions
        @Option(help: "The file format (default: by --output's extension, else markdown).")
        var format: SymptomExport.Format?
        @Option(help: "Write to this file instead of standard output.") var output: String?

        func run(_ context: CommandContext) throws {
            try SymptomDiaryExport(range: range.request, format: format, output: output).run(context)
        }
    }
}
