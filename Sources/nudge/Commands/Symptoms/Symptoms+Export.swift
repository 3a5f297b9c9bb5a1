import ArgumentParser
import Foundation
import NudgeCore

extension Nudge.Symptoms {
    struct Export: NudgeCommand {
        static let configuration = CommandConfiguration(
            abstract: "Export the symptom diary, oldest first, for a doctor or a spreadsheet.",
            discussion: """
                CSV has the header date,time,name,severity,notes (local date and time) and quotes fields as RFC 4180 says. Markdown has a summary of each symptom's count and average severity, then a section per day.

                Without a day, the whole diary. Without --format, an --output ending in .csv is CSV and anything else Markdown. A file is written with mode 0600 (readable by its owner only); an existing regular file is replaced whole, never the store or one of its files.
                """)
        @OptionGroup var global: GlobalOptions
        @OptionGroup var range: DayRangeOptions
        @Option(help: "The file format (default: by --output's extension, else markdown).")
        var format: SymptomExport.Format?
        @Option(help: "Write to this file instead of standard output.") var output: String?

        private var chosenFormat: SymptomExport.Format {
            format ?? (output?.lowercased().hasSuffix(".csv") == true ? .csv : .markdown)
        }

        func run(_ context: CommandContext) throws {
            let clock = context.wallClock
            let days = try range.days(today: clock.date(of: context.now), otherwise: .all)
            if let output { try PrivateFile.validateOutput(output, store: context.storePath) }
            let entries = try context.openStoreForReading().run {
                try $0.symptoms(from: days.first, through: days.last, clock: clock)
            }.reversed()
            let text =
                switch chosenFormat {
                case .csv: SymptomExport.csv(Array(entries), clock: clock)
                case .markdown: SymptomExport.markdown(Array(entries), days: days, clock: clock, now: context.now)
                }
            guard let output else { return context.environment.output(text) }
            try PrivateFile.write(text, to: output)
            context.print(
                "exported \(entries.count) entr\(entries.count == 1 ? "y" : "ies") to \(output) (\(chosenFormat.rawValue), mode 0600)"
            )
        }
    }
}
