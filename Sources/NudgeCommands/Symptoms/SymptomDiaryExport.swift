import Foundation
import NudgeCore
import NudgeReports
import NudgeStore

/// `nudge symptoms export`: the diary, oldest first, as CSV, Markdown or an HTML report, to
/// standard output or a private file.
public struct SymptomDiaryExport {
    public var range: DayRangeRequest
    /// The format given; nil for the one `output`'s extension names.
    public var format: SymptomExport.Format?
    /// The file to write; nil for standard output.
    public var output: String?

    public init(range: DayRangeRequest, format: SymptomExport.Format?, output: String?) {
        (self.range, self.format, self.output) = (range, format, output)
    }

    private var chosenFormat: SymptomExport.Format {
        let name = output?.lowercased() ?? ""
        return format
            ?? (name.hasSuffix(".csv")
                ? .csv : name.hasSuffix(".html") || name.hasSuffix(".htm") ? .html : .markdown)
    }

    public func run(_ context: CommandContext) throws {
        let clock = context.wallClock
        let days = try range.days(today: clock.date(of: context.now), otherwise: .all)
        if let output {
            try PrivateFile.validateOutput(
                output, store: context.storePath, backupDirectory: context.backupDirectory)
            try OutputExtension.validate(
                output, format: chosenFormat.rawValue, given: format != nil,
                formats: SymptomExport.Format.allCases.map(\.rawValue))
        }
        let entries = try context.openStoreForReading().run {
            try $0.symptoms(from: days.first, through: days.last, clock: clock)
        }.reversed()
        let text =
            switch chosenFormat {
            case .csv: SymptomExport.csv(Array(entries), clock: clock)
            case .markdown: SymptomExport.markdown(Array(entries), days: days, clock: clock, now: context.now)
            case .html:
                SymptomReport(
                    entries: Array(entries),
                    span: .init(days, logged: entries.map { clock.date(of: $0.loggedAt) }), clock: clock,
                    now: context.now
                ).html
            }
        guard let output else { return context.environment.output(text) }
        try PrivateFile.write(text, to: output)
        context.print(
            "exported \(SymptomExport.count(entries.count, "entry", "entries")) to \(output) (\(chosenFormat.rawValue), mode 0600)"
        )
    }
}
