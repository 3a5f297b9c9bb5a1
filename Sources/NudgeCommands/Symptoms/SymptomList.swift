import Foundation
import NudgeCore
import NudgeReports
import NudgeStore

/// `nudge symptoms`: the entries grouped by local day, newest first, or a chart of the days.
public struct SymptomList {
    public var range: DayRangeRequest
    /// Only entries with this text in their name or notes (case-insensitive).
    public var search: String?

    public init(range: DayRangeRequest, search: String?) {
        (self.range, self.search) = (range, search)
    }

    public struct EntryRow: Encodable {
        var id: String
        var date: String
        var name: String
        var severity: Int
        @TimestampText var loggedAt: Date?
        @NullWhenAbsent var notes: String?
    }

    /// Without a day, today's; with a search alone, the whole diary's.
    public func listing(_ context: CommandContext) throws -> Listing<SymptomEntry, EntryRow> {
        let clock = context.wallClock
        let today = clock.date(of: context.now)
        let days = try range.days(today: today, otherwise: search == nil ? .init(first: today, last: today) : .all)
        var entries = try context.openStoreForReading().run {
            try $0.symptoms(from: days.first, through: days.last, clock: clock)
        }
        if let search {
            entries = entries.filter {
                $0.name.range(of: search, options: .caseInsensitive) != nil
                    || $0.notes?.range(of: search, options: .caseInsensitive) != nil
            }
        }
        return Listing(
            items: entries,
            row: {
                EntryRow(
                    id: $0.id, date: clock.date(of: $0.loggedAt).description, name: $0.name,
                    severity: $0.severity, loggedAt: $0.loggedAt, notes: $0.notes)
            },
            columns: [
                .init("ID") { String($0.id.prefix(8)).lowercased() },
                .init("TIME") { LocalFormat.time($0.loggedAt, clock: clock) }, .text("SYMPTOM") { $0.name },
                .init("SEVERITY") { String($0.severity) },
                .text("NOTES") { $0.notes.map(Self.start(of:)) ?? "" },
            ],
            whenEmpty: nothing(days),
            sections: .init(
                heading: { "\(clock.weekdayName(clock.date(of: $0.loggedAt))) \(clock.date(of: $0.loggedAt))" },
                comesFirst: { clock.date(of: $0.loggedAt) > clock.date(of: $1.loggedAt) }))
    }

    /// The range asked for, else the last 30 days; an open end is the diary's first or last day.
    public func drawChart(_ context: CommandContext) throws {
        let clock = context.wallClock
        let today = clock.date(of: context.now)
        let days = try range.days(today: today, otherwise: .init(first: today.adding(days: -29), last: today))
        var entries = try context.openStoreForReading().run {
            try $0.symptoms(from: days.first, through: days.last, clock: clock)
        }
        if let search {
            entries = entries.filter { $0.name.range(of: search, options: .caseInsensitive) != nil }
        }
        guard !entries.isEmpty else { return context.printWrapped(nothing(days)) }
        let logged = entries.map { clock.date(of: $0.loggedAt) }
        let first = days.first ?? logged.min()!
        let last = days.last ?? logged.max()!
        let colour = context.environment.takesEscapes
        context.environment.output(
            SymptomChart.render(
                entries, first: first, last: last, clock: clock, width: context.environment.width, colour: colour))
    }

    private func nothing(_ days: DayRange) -> String {
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

    /// The first line of the notes (with `…` where more follow), cut to 60 characters.
    static func start(of notes: String) -> String {
        let line = TextTable.cell(notes)
        return line.count > 60 ? String(line.prefix(59)) + "…" : line
    }
}
