import ArgumentParser
import Foundation
import NudgeCore

extension Nudge {
    struct Symptoms: NudgeCommand {
        static let configuration = CommandConfiguration(abstract: "List one local day's symptom entries, newest first.")
        @OptionGroup var global: GlobalOptions
        @Option(help: "The day: YYYY-MM-DD, today or yesterday.") var date: String = "today"
        @Flag(help: "Print one JSON array.") var json = false

        func validate() throws {
            guard day(CommandContext(global)) != nil else {
                throw ValidationError("--date '\(date)' is not a day; give YYYY-MM-DD, today or yesterday")
            }
        }

        private func day(_ context: CommandContext) -> CivilDate? {
            let today = context.wallClock.date(of: context.now)
            switch date.lowercased() {
            case "today": return today
            case "yesterday": return today.adding(days: -1)
            default: return CivilDate(iso: date)
            }
        }

        func run(_ context: CommandContext) throws {
            guard let day = day(context) else { return }
            let entries = try context.openStore().run { try $0.symptoms(on: day, clock: context.wallClock) }
            try context.print(
                Listing(
                    items: entries, row: { EntryRow(id: $0.id, name: $0.name, severity: $0.severity, loggedAt: $0.loggedAt, notes: $0.notes) },
                    columns: [
                        .init("TIME") { LocalFormat.time($0.loggedAt, clock: context.wallClock) }, .init("SYMPTOM") { $0.name },
                        .init("SEVERITY") { String($0.severity) }, .init("NOTES") { $0.notes.map(Self.start(of:)) ?? "" },
                    ],
                    whenEmpty: "No symptoms logged on \(day). Log one with: nudge log symptom NAME --severity N"),
                json: json)
        }

        struct EntryRow: Encodable {
            var id: String
            var name: String
            var severity: Int
            @TimestampText var loggedAt: Date?
            @NullWhenAbsent var notes: String?
        }

        /// The first line of the notes, cut to 60 characters.
        static func start(of notes: String) -> String {
            let line = notes.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? ""
            return line.count > 60 ? String(line.prefix(59)) + "…" : line
        }
    }
}
