import NudgeReports
import Testing

/// A row that folds has the room of a line of its own: its free text uses the width there
/// (a history title cut to "Dose 2 sn…" with 60 columns free was no use).
@Suite struct TextTableFoldTests {
    static let title = "Dose 2 snoozed until 03:10, the second time"
    static let outcome = "answered 03:02 yesterday: snooze it"

    /// The part of `text` the table shows.
    static func shown(_ text: String, in lines: [String]) -> String {
        guard let line = lines.first(where: { $0.contains(text.prefix(8)) }),
            let start = line.range(of: text.prefix(8))?.lowerBound
        else { return "" }
        let cell = line[start...].split(separator: "  ").first ?? ""
        return String(cell.hasSuffix("…") ? cell.dropLast() : cell)
    }

    /// As `history` lists it: the outcome whole, the title cut where it must be.
    @Test(arguments: [40, 60])
    func aFoldedRowsTextUsesTheWidth(width: Int) {
        let table = TextTable.render(
            header: ["ID", "DUE", "OUTCOME", "TITLE"], rows: [["12", "2026-11-22 03:00", Self.outcome, Self.title]],
            width: width, shrinking: [3])
        let lines = table.split(separator: "\n").map(String.init)
        #expect(lines.count > 2, "\(table)")
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= width }, "\(table)")
        let shown = Self.shown(Self.title, in: lines)
        #expect(Self.title.hasPrefix(shown) && shown.count >= min(Self.title.count, width - 5), "\(width):\n\(table)")
    }
}

/// A narrowing column (a medication's name) gives way first, its words over lines in place;
/// a word is never broken, and the columns beside it are never cut.
@Suite struct TextTableNarrowingTests {
    /// At 46 columns the name would be 10 wide and break `adderall_xr`: the row folds instead,
    /// and the name takes its line back.
    @Test(arguments: [
        (
            49,
            """
            DUE    MEDICATION     OUTCOME
            08:00  adderall_xr    taken at 10:40, 1h 40m late
                   and fish oil

            """
        ),
        (
            46,
            """
            DUE    MEDICATION
                OUTCOME
            08:00  adderall_xr and fish oil
                taken at 10:40, 1h 40m late

            """
        ),
    ])
    func aNameNarrowsBetweenItsWordsAndNothingIsCut(width: Int, expected: String) {
        let table = TextTable.render(
            header: ["DUE", "MEDICATION", "OUTCOME"],
            rows: [["08:00", "adderall_xr and fish oil", "taken at 10:40, 1h 40m late"]], width: width,
            narrowing: [1])
        #expect(table == expected, "\(table)")
    }

    /// `reminders` at 80 columns: the repeat keeps its width and the text is cut (issue 42,
    /// hostile round 29: REPEATS at 7 columns broke `every 3 days at 18:00` over four lines
    /// while the text kept 45).
    @Test func freeTextIsCutBeforeANarrowingColumnNarrows() {
        let text = "Water the plants on the balcony and the ones in the kitchen window too"
        let table = TextTable.render(
            header: ["ID", "NEXT", "REPEATS", "TEXT"],
            rows: [["3", "Sat 2026-11-28 18:00", "every 3 days at 18:00", text]], width: 80, shrinking: [3],
            narrowing: [2])
        let lines = table.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(table)")
        #expect(lines[1].contains("every 3 days at 18:00") && lines[1].contains("Water the plants"), "\(table)")
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 80 } && lines[1].hasSuffix("…"), "\(table)")
    }
}
