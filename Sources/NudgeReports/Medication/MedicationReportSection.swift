import Foundation
import NudgeCore

/// The medication section of the report a doctor reads beside the diary: how many doses came
/// due and what became of them, then each day's doses, oldest first, as `nudge meds history`
/// lists them.
public enum MedicationReportSection {
    public static func html(_ items: [MedicationHistory.Item], clock: WallClock) -> String {
        let scheduled = items.filter { $0.outcome != .unscheduled }
        let counted: [(MedicationHistory.Outcome, String)] = [
            (.taken, "taken on time"), (.late, "taken late"), (.skipped, "skipped"), (.missed, "missed"),
            (.open, "not answered yet"),
        ]
        let counts = counted.compactMap { outcome, words in
            let count = scheduled.filter { $0.outcome == outcome }.count
            return count == 0 ? nil : "\(count) \(words)"
        }
        var parts = [
            "<section class=\"medications\">\n<h2>Medications</h2>",
            "<p>\(SymptomExport.count(scheduled.count, "dose", "doses")) of the medications taken by day came due\(counts.isEmpty ? "" : ": " + counts.joined(separator: ", ")). A dose is on time when taken before its first reminder's repeat.</p>",
            "<table class=\"days\">",
            "<thead><tr><th class=\"time\">Due</th><th class=\"name\">Medication</th><th class=\"number\">Dose</th><th>Outcome</th></tr></thead>",
        ]
        let byDay = Dictionary(grouping: items, by: \.date)
        for day in byDay.keys.sorted() {
            parts.append(
                "<tbody>\n<tr class=\"day\"><th colspan=\"4\">\(HTMLText.line(clock.weekdayName(day))) \(day)</th></tr>"
            )
            // `items` come newest day first, in each day by time: the day's order is kept.
            for item in byDay[day]! {
                parts.append(
                    "<tr><td class=\"time\">\(HTMLText.line(MedicationOutcomeText.due(item, clock: clock)))</td><td class=\"name\">\(HTMLText.line(item.medicationID))</td><td class=\"number\">\(HTMLText.line(MedicationOutcomeText.dose(item)))</td><td>\(HTMLText.line(MedicationOutcomeText.text(item, clock: clock)))</td></tr>"
                )
            }
            parts.append("</tbody>")
        }
        parts.append("</table>\n</section>")
        return parts.joined(separator: "\n")
    }
}
