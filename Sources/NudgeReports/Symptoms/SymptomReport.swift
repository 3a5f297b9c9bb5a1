import Foundation
import NudgeCore

/// The symptom diary as one self-contained HTML page a doctor reads or prints (A4 or Letter):
/// the span and counts, a chart of each symptom's severity over time, the summary table, then
/// the days. Nothing in it is fetched or run: the style is inline, the charts are inline SVG, and
/// its Content-Security-Policy forbids any other source, so a browser opens it offline as is.
public struct SymptomReport {
    public var entries: [SymptomEntry]
    public var span: SymptomExport.Span
    public var clock: WallClock
    public var now: Date
    /// The span's doses of the medications taken by day, and other entries: a section of their
    /// own after the days, none when empty.
    public var medications: [MedicationHistory.Item]

    public init(
        entries: [SymptomEntry], span: SymptomExport.Span, clock: WallClock, now: Date,
        medications: [MedicationHistory.Item] = []
    ) {
        self.entries = entries
        self.span = span
        self.clock = clock
        self.now = now
        self.medications = medications
    }

    public var html: String {
        let byDay = Dictionary(grouping: entries) { clock.date(of: $0.loggedAt) }
        var parts = [Self.head(title: "Symptom diary: \(span.text)")]
        parts.append("<header>\n<h1>Symptom diary</h1>")
        parts.append(
            "<p class=\"span\">\(HTMLText.line(span.text)): \(SymptomExport.count(entries.count, "entry", "entries")) on \(SymptomExport.count(byDay.count, "day", "days")). Severity runs from 1 (mild) to 5 (severe).</p>"
        )
        parts.append(
            "<p class=\"exported\">Exported \(HTMLText.line(LocalFormat.dateTime(now, clock: clock))) by nudge \(NudgeVersion.number).</p>\n</header>"
        )
        if entries.isEmpty {
            parts.append("<p>Nothing was logged in this time.</p>")
        } else {
            parts.append(charts())
            parts.append(summaryTable())
            parts.append(dayTables(byDay))
        }
        if !medications.isEmpty { parts.append(MedicationReportSection.html(medications, clock: clock)) }
        parts.append("</body>\n</html>\n")
        return parts.joined(separator: "\n")
    }

    /// A figure per symptom, most logged first, over the whole span.
    private func charts() -> String {
        guard let first = span.first, let last = span.last else { return "" }
        var parts = [
            "<section class=\"charts\">\n<h2>Severity over time</h2>",
            "<p class=\"key\"><span class=\"swatch highest\"></span> the day's highest severity <span class=\"swatch mean\"></span> the day's mean</p>",
        ]
        let groups = Dictionary(grouping: entries) { $0.name.lowercased() }
        for symptom in SymptomExport.summary(entries) {
            let group = groups[symptom.name.lowercased()] ?? []
            let byDay = Dictionary(grouping: group) {
                clock.date(of: $0.loggedAt).daysSinceEpoch - first.daysSinceEpoch
            }
            let plot = SeverityPlot(
                first: first, last: last,
                days: byDay.mapValues { day in
                    SeverityPlot.Day(
                        highest: day.map(\.severity).max()!,
                        mean: Double(day.map(\.severity).reduce(0, +)) / Double(day.count))
                },
                label: "\(TextInput.oneLine(symptom.name)): the highest and the mean severity of each day, \(span.text)"
            )
            parts.append(
                "<figure>\n<figcaption>\(HTMLText.line(symptom.name)) <span class=\"count\">\(SymptomExport.count(symptom.count, "entry", "entries"))</span></figcaption>\n\(plot.svg)\n</figure>"
            )
        }
        parts.append("</section>")
        return parts.joined(separator: "\n")
    }

    private func summaryTable() -> String {
        var rows = [
            "<section>\n<h2>Summary</h2>\n<table class=\"summary\">",
            "<thead><tr><th>Symptom</th><th class=\"number\">Entries</th><th class=\"number\">Average severity</th><th class=\"number\">Highest</th></tr></thead>\n<tbody>",
        ]
        let highest = Dictionary(grouping: entries) { $0.name.lowercased() }.mapValues { $0.map(\.severity).max()! }
        for symptom in SymptomExport.summary(entries) {
            rows.append(
                "<tr><td>\(HTMLText.line(symptom.name))</td><td class=\"number\">\(symptom.count)</td><td class=\"number\">\(String(format: "%.1f", symptom.averageSeverity))</td><td class=\"number\">\(highest[symptom.name.lowercased()] ?? 0)</td></tr>"
            )
        }
        rows.append("</tbody>\n</table>\n</section>")
        return rows.joined(separator: "\n")
    }

    /// One table, so that the columns line up from day to day and a printed page repeats the
    /// header; a row heads each day.
    private func dayTables(_ byDay: [CivilDate: [SymptomEntry]]) -> String {
        var parts = [
            "<section>\n<h2>Days</h2>\n<table class=\"days\">",
            "<thead><tr><th class=\"time\">Time</th><th class=\"name\">Symptom</th><th class=\"number severity\">Severity</th><th>Notes</th></tr></thead>",
        ]
        for day in byDay.keys.sorted() {
            parts.append(
                "<tbody>\n<tr class=\"day\"><th colspan=\"4\">\(HTMLText.line(clock.weekdayName(day))) \(day)</th></tr>"
            )
            for entry in byDay[day]!.sorted(by: { ($0.loggedAt, $0.id) < ($1.loggedAt, $1.id) }) {
                parts.append(
                    "<tr><td class=\"time\">\(HTMLText.line(LocalFormat.time(entry.loggedAt, clock: clock)))</td><td class=\"name\">\(HTMLText.line(entry.name))</td><td class=\"number\">\(entry.severity)</td><td class=\"notes\">\(HTMLText.escaped(entry.notes ?? ""))</td></tr>"
                )
            }
            parts.append("</tbody>")
        }
        parts.append("</table>\n</section>")
        return parts.joined(separator: "\n")
    }

    private static func head(title: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(HTMLText.line(title))</title>
        <style>
        \(style)
        </style>
        </head>
        <body>
        """
    }

    /// Sized for the printed page: 15 mm margins leave 180 mm on A4 and 186 mm on Letter.
    private static let style = """
        @page { margin: 15mm; }
        html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
        body { font: 10.5pt/1.4 "DejaVu Sans", "Helvetica Neue", Arial, sans-serif; color: #1a1a1a; max-width: 180mm; margin: 12mm auto; padding: 0 4mm; }
        h1 { font-size: 18pt; margin: 0 0 4pt; }
        h2 { font-size: 13pt; margin: 14pt 0 6pt; border-bottom: 1pt solid #999; break-after: avoid; }
        p { margin: 2pt 0; }
        .exported, .count, .key { color: #555; }
        figure { margin: 0 0 8pt; break-inside: avoid; }
        figcaption { font-weight: bold; }
        figcaption .count { font-weight: normal; margin-left: 6pt; }
        svg { display: block; width: 100%; height: auto; }
        svg .grid { stroke: #ddd; stroke-width: 0.6; }
        svg .baseline { stroke: #888; stroke-width: 0.8; }
        svg .axis { font-size: 9px; fill: #555; }
        svg .highest { fill: #f0a35e; }
        svg .mean { fill: none; stroke: #1d4f91; stroke-width: 1.4; }
        svg .mean-dot { fill: #1d4f91; }
        .swatch { display: inline-block; width: 10pt; height: 8pt; vertical-align: baseline; margin-left: 8pt; }
        .swatch.highest { background: #f0a35e; }
        .swatch.mean { background: #1d4f91; height: 2pt; vertical-align: middle; }
        table { border-collapse: collapse; width: 100%; }
        th, td { text-align: left; vertical-align: top; padding: 2pt 6pt; border-bottom: 0.5pt solid #ddd; }
        th { border-bottom: 1pt solid #999; }
        tr { break-inside: avoid; }
        tr.day th { padding-top: 9pt; border-bottom: 1pt solid #999; break-after: avoid; }
        .number { text-align: right; font-variant-numeric: tabular-nums; }
        .time { white-space: nowrap; width: 5.5em; }
        .name { width: 30%; }
        .severity { width: 5em; }
        .notes { white-space: pre-wrap; overflow-wrap: anywhere; }
        @media print { body { max-width: none; margin: 0; padding: 0; } }
        """
}
