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
        let store = try context.openStoreForReading()
        let entries = try store.run { try $0.symptoms(from: days.first, through: days.last, clock: clock) }.reversed()
        let text =
            switch chosenFormat {
            case .csv: SymptomExport.csv(Array(entries), clock: clock)
            case .markdown: SymptomExport.markdown(Array(entries), days: days, clock: clock, now: context.now)
            case .html:
                try Self.report(Array(entries), days: days, store: store, context: context).html
            }
        guard let output else { return context.environment.output(text) }
        try PrivateFile.write(text, to: output)
        context.print(
            "exported \(SymptomExport.count(entries.count, "entry", "entries")) to \(output) (\(chosenFormat.rawValue), mode 0600)"
        )
    }

    /// The HTML report, with the span's medications when it has a first and a last day.
    private static func report(_ entries: [SymptomEntry], days: DayRange, store: Store, context: CommandContext)
        throws -> SymptomReport
    {
        let clock = context.wallClock
        let span = SymptomExport.Span(days, logged: entries.map { clock.date(of: $0.loggedAt) })
        var medications: [MedicationHistory.Item] = []
        if let first = span.first, let last = span.last {
            let facts = try store.run {
                try $0.medicationRecords(since: clock.startOfDay(first), now: context.now, clock: clock)
            }
            let settings = try store.run { try $0.settings() }
            medications = MedicationHistory.items(
                facts, days: first...last, now: context.now, repeatMinutes: settings.int(.medsRepeatMinutes),
                clock: clock)
        }
        return SymptomReport(entries: entries, span: span, clock: clock, now: context.now, medications: medications)
    }
}
