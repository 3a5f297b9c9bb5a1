import ArgumentParser
import Foundation
import NudgeCore
import NudgeStore

extension Nudge {
    struct Symptoms: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Look back over the symptom diary, correct it, and export it for a doctor.",
            subcommands: [List.self, Edit.self, Delete.self, Export.self],
            defaultSubcommand: List.self
        )

        static let ids = IDPrefix(what: "symptom entry", listedBy: "nudge symptoms")

        static func entry(_ prefix: String, _ store: Store) throws -> SymptomEntry {
            try ids.resolve(try store.run { try $0.symptomEntry(matching: prefix) }, prefix: prefix)
        }

        /// `Headache (3) at 19:05 today, 2026-11-22 19:05 CET`.
        static func describe(_ entry: SymptomEntry, _ context: CommandContext) -> String {
            "\(TextInput.oneLine(entry.name)) (\(entry.severity)) at \(context.understood(entry.loggedAt))"
        }
    }
}

extension Nudge.Symptoms {
    struct List: NudgeCommand {
        static let configuration = CommandConfiguration(
            abstract: "List symptom entries grouped by local day, newest first, each with its id.",
            discussion: "Without a day, today's; with --search alone, the whole diary's.")
        @OptionGroup var global: GlobalOptions
        @OptionGroup var range: DayRangeOptions
        @Option(help: "Only entries with this text in their name or notes (case-insensitive).") var search: String?
        @Flag(help: "Print one JSON array.") var json = false

        func validate() throws {
            if let search, search.isEmpty { throw ValidationError("--search is empty; give some text to look for") }
            do { _ = try days(CommandContext(global)) } catch { throw ValidationError(error.description) }
        }

        private func days(_ context: CommandContext) throws(InputError) -> DayRangeOptions.Days {
            let today = context.wallClock.date(of: context.now)
            return try range.days(today: today, otherwise: search == nil ? .init(first: today, last: today) : .all)
        }

        struct EntryRow: Encodable {
            var id: String
            var date: String
            var name: String
            var severity: Int
            @TimestampText var loggedAt: Date?
            @NullWhenAbsent var notes: String?
        }

        func run(_ context: CommandContext) throws {
            let days = try days(context)
            let clock = context.wallClock
            var entries = try context.openStoreForReading().run { try $0.symptoms(from: days.first, through: days.last, clock: clock) }
            if let search {
                entries = entries.filter { $0.name.range(of: search, options: .caseInsensitive) != nil || $0.notes?.range(of: search, options: .caseInsensitive) != nil }
            }
            if json {
                let rows = entries.map {
                    EntryRow(id: $0.id, date: clock.date(of: $0.loggedAt).description, name: $0.name, severity: $0.severity, loggedAt: $0.loggedAt, notes: $0.notes)
                }
                return context.environment.output(try JSONText.render(rows) + "\n")
            }
            guard !entries.isEmpty else { return context.print(nothing(days)) }
            let byDay = Dictionary(grouping: entries) { clock.date(of: $0.loggedAt) }
            context.environment.output(
                TextTable.render(
                    header: ["ID", "TIME", "SYMPTOM", "SEVERITY", "NOTES"],
                    sections: byDay.keys.sorted(by: >).map { day in
                        (
                            heading: "\(day.weekdayName) \(day)",
                            rows: byDay[day]!.map {
                                [String($0.id.prefix(8)).lowercased(), LocalFormat.time($0.loggedAt, clock: clock), $0.name, String($0.severity), $0.notes.map(Self.start(of:)) ?? ""]
                            }
                        )
                    }))
        }

        private func nothing(_ days: DayRangeOptions.Days) -> String {
            let when: String
            switch (days.first, days.last) {
            case (let first?, let last?) where first == last: when = " on \(first)"
            case (let first?, let last?): when = " from \(first) to \(last)"
            case (let first?, nil): when = " since \(first)"
            case (nil, let last?): when = " up to \(last)"
            case (nil, nil): when = ""
            }
            if let search { return "No symptom entries\(when) mention '\(TextInput.oneLine(Self.start(of: search)))'." }
            return "No symptoms logged\(when). Log one with: nudge log symptom NAME --severity N"
        }

        /// The first line of the notes, cut to 60 characters.
        static func start(of notes: String) -> String {
            let line = notes.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? ""
            return line.count > 60 ? String(line.prefix(59)) + "…" : line
        }
    }

    struct Edit: NudgeCommand {
        static let configuration = CommandConfiguration(
            abstract: "Correct a symptom entry: its name, severity, notes or time.",
            discussion: "The same rules as nudge log symptom apply; --notes '' removes the notes.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The entry's id, or a unique prefix of at least 4 characters (nudge symptoms shows 8).") var id: String
        @Option(help: "What was felt (at most 200 characters).") var name: String?
        @Option(parsing: .unconditional, help: "How strong, from 1 (mild) to 5 (severe).", transform: WholeNumber.parser(SymptomEntry.severities))
        var severity: Int?
        @Option(help: "Notes in place of the old ones (at most 5000 characters); '' removes them.") var notes: String?
        @Option(help: "When it was felt, as nudge log symptom takes it: at most 48 hours ago.") var at: String?

        func validate() throws {
            try Nudge.Symptoms.ids.validate(id)
            guard name != nil || severity != nil || notes != nil || at != nil else {
                throw ValidationError("nothing to change; give --name, --severity, --notes or --at")
            }
            do {
                if let name { try SymptomEntry.validate(name: name) }
                if let severity { try SymptomEntry.validate(severity: severity) }
                try SymptomEntry.validate(notes: notes)
                _ = try loggedAt(CommandContext(global))
            } catch {
                throw ValidationError(error.description)
            }
        }

        private func loggedAt(_ context: CommandContext) throws(InputError) -> Date? {
            try at.map { text throws(InputError) in
                try InstantInput.pastInstant(
                    text, option: "--at", now: context.now, clock: context.wallClock, maximumAge: SymptomEntry.maximumBackdating)
            }
        }

        func run(_ context: CommandContext) throws {
            let store = try context.openStore()
            let entry = try Nudge.Symptoms.entry(id, store)
            let correction = Store.SymptomCorrection(
                name: name?.trimmingCharacters(in: .whitespacesAndNewlines), severity: severity,
                notes: FieldCorrection(option: notes), loggedAt: try loggedAt(context))
            guard let corrected = try store.run({ try $0.correctSymptom(id: entry.id, correction, now: context.now) }) else {
                throw CommandFailure("that entry was deleted meanwhile", exitCode: 64)
            }
            context.print("corrected \(Nudge.Symptoms.describe(corrected, context))")
        }
    }

    struct Delete: NudgeCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete a symptom entry.", discussion: "On a terminal it asks first; otherwise it needs --yes.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The entry's id, or a unique prefix of at least 4 characters (nudge symptoms shows 8).") var id: String
        @Flag(help: "Delete without asking.") var yes = false

        func validate() throws { try Nudge.Symptoms.ids.validate(id) }

        func run(_ context: CommandContext) throws {
            let store = try context.openStore()
            let entry = try Nudge.Symptoms.entry(id, store)
            let what = Nudge.Symptoms.describe(entry, context)
            guard try context.consentsToDelete(what, cannotBeUndone: true, yes: yes) else { return }
            guard try store.run({ try $0.deleteSymptom(id: entry.id) }) else {
                throw CommandFailure("that entry was deleted meanwhile", exitCode: 64)
            }
            context.print("deleted \(what)")
        }
    }
}
