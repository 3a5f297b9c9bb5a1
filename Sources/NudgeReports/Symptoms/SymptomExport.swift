import Foundation
import NudgeCore

/// The symptom diary as a doctor or a spreadsheet reads it, oldest first: CSV (RFC 4180),
/// Markdown with a section per day and a summary of each symptom, or an HTML report
/// (`SymptomReport`).
public enum SymptomExport {
    public enum Format: String, CaseIterable {
        case csv, markdown, html
    }

    /// The days an export covers: those asked for, an open end closed by the first or last day
    /// logged.
    public struct Span {
        public var first: CivilDate?
        public var last: CivilDate?

        public init(_ days: DayRange, logged: some Collection<CivilDate>) {
            first = days.first ?? logged.min()
            last = days.last ?? logged.max()
        }

        public var text: String {
            switch (first, last) {
            case (let first?, let last?): first == last ? "\(first)" : "\(first) to \(last)"
            case (let first?, nil): "Since \(first)"
            case (nil, let last?): "Up to \(last)"
            case (nil, nil): "The whole diary"
            }
        }
    }

    /// `1 entry`, `2 entries`.
    public static func count(_ number: Int, _ one: String, _ many: String) -> String {
        "\(number) \(number == 1 ? one : many)"
    }

    /// `date,time,name,severity,notes` in local time; CRLF between records as RFC 4180 has
    /// it, and any field with a comma, quote or line break quoted, its quotes doubled. Control
    /// characters other programs stored, but newlines and tabs, are shown as `�`.
    public static func csv(_ entries: [SymptomEntry], clock personClock: WallClock) -> String {
        // For programs: the 24-hour clock whatever the person reads, as ISO 8601 has it.
        let clock = WallClock(zone: personClock.zone)
        let header = "date,time,name,severity,notes\r\n"
        return header
            + entries.map { entry in
                let (date, _) = clock.local(entry.loggedAt)
                let typed = [entry.name, entry.notes ?? ""].map { neutralized(TextInput.printable($0)) }
                let fields = [
                    date.description, LocalFormat.time(entry.loggedAt, clock: clock), typed[0], String(entry.severity),
                    typed[1],
                ]
                return fields.map(csvField).joined(separator: ",") + "\r\n"
            }.joined()
    }

    /// A typed cell a spreadsheet would run as a formula (OWASP's CSV injection: `=`, `+`, `-`,
    /// `@`, a tab or carriage return first) starts with `'`, which spreadsheets show as text.
    /// Only in CSV; nudge(5) says so.
    private static func neutralized(_ text: String) -> String {
        guard let first = text.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) else { return text }
        return "'" + text
    }

    private static func csvField(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else {
            return text
        }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// One symptom's line in the summary: spellings that differ only in case count together,
    /// under the spelling used most.
    public struct Summary: Equatable {
        public var name: String
        public var count: Int
        public var averageSeverity: Double
    }

    public static func summary(_ entries: [SymptomEntry]) -> [Summary] {
        Dictionary(grouping: entries) { $0.name.lowercased() }.values.map { group in
            let spellings = Dictionary(grouping: group, by: \.name).mapValues(\.count)
            let name = spellings.max { ($0.value, $1.key) < ($1.value, $0.key) }!.key
            return Summary(
                name: name, count: group.count,
                averageSeverity: Double(group.map(\.severity).reduce(0, +)) / Double(group.count))
        }.sorted { ($1.count, $0.name.lowercased()) < ($0.count, $1.name.lowercased()) }
    }

    public static func markdown(_ entries: [SymptomEntry], days: DayRange, clock: WallClock, now: Date) -> String {
        let byDay = Dictionary(grouping: entries) { clock.date(of: $0.loggedAt) }
        let span = Span(days, logged: byDay.keys)
        var lines = [
            "# Symptom diary", "",
            "\(span.text): \(count(entries.count, "entry", "entries")) on \(count(byDay.count, "day", "days")). Severity runs from 1 (mild) to 5 (severe). Exported \(LocalFormat.dateTime(now, clock: clock)).",
            "", "## Summary", "",
        ]
        if entries.isEmpty {
            lines.append("Nothing was logged in this time.")
        } else {
            lines += ["| Symptom | Entries | Average severity |", "|---|---:|---:|"]
            lines += summary(entries).map {
                "| \(MarkdownText.cell($0.name)) | \($0.count) | \(String(format: "%.1f", $0.averageSeverity)) |"
            }
        }
        for day in byDay.keys.sorted() {
            lines += ["", "## \(clock.weekdayName(day)) \(day)", ""]
            for entry in byDay[day]!.sorted(by: { ($0.loggedAt, $0.id) < ($1.loggedAt, $1.id) }) {
                lines.append(
                    "- \(LocalFormat.time(entry.loggedAt, clock: clock)) **\(MarkdownText.cell(entry.name))**, severity \(entry.severity)"
                )
                if let notes = entry.notes.map(MarkdownText.escaped), !notes.isEmpty {
                    lines += notes.split(separator: "\n", omittingEmptySubsequences: false).map {
                        $0.isEmpty ? "" : "  " + String($0)
                    }
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
