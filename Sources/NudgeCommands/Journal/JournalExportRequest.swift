import NudgeReports
import NudgeStore

/// `nudge journal export`: every session and reflection, as Markdown or JSON, to standard
/// output or a private file.
public struct JournalExportRequest {
    /// The format given; nil: by the output's extension, else Markdown.
    public var format: JournalExport.Format?
    public var output: String?

    public init(format: JournalExport.Format?, output: String?) { (self.format, self.output) = (format, output) }

    private var json: Bool { format.map { $0 == .json } ?? (output?.lowercased().hasSuffix(".json") == true) }

    public func run(_ context: CommandContext) throws {
        if let output {
            try PrivateFile.validateOutput(output, store: context.storePath, backupDirectory: context.backupDirectory)
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
        context.print("exported \(sessions.count) session\(sessions.count == 1 ? "" : "s") to \(output) (mode 0600)")
    }
}
