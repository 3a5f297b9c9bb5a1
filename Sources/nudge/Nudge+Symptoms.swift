import ArgumentParser
import Foundation
import NudgeCore

extension Nudge {
    struct Symptoms: ParsableCommand {
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

        func run() throws {
            let context = CommandContext(global)
            guard let day = day(context) else { return }
            let entries = try context.openStore().run { try $0.symptoms(on: day, clock: context.wallClock) }
            if json {
                let items: [[String: Any]] = entries.map {
                    ["id": $0.id, "name": $0.name, "severity": $0.severity, "logged_at": Timestamp.format($0.loggedAt), "notes": $0.notes ?? NSNull()]
                }
                print(try JSONText.render(items))
                return
            }
            guard !entries.isEmpty else {
                print("No symptoms logged on \(day). Log one with: nudge log symptom NAME --severity N")
                return
            }
            let rows = entries.map { entry in
                [
                    LocalFormat.time(entry.loggedAt, clock: context.wallClock), entry.name, String(entry.severity),
                    entry.notes.map(Self.start(of:)) ?? "",
                ]
            }
            print(TextTable.render(header: ["TIME", "SYMPTOM", "SEVERITY", "NOTES"], rows: rows), terminator: "")
        }

        /// The first line of the notes, cut to 60 characters.
        static func start(of notes: String) -> String {
            let line = notes.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? ""
            return line.count > 60 ? String(line.prefix(59)) + "…" : line
        }
    }
}
