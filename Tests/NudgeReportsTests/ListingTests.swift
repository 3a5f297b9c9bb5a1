import NudgeReports
import Testing

/// One listing type for people and programs: a table (under headings where it has sections)
/// or the JSON of the same rows.
@Suite struct ListingTests {
    struct Row: Encodable {
        var day: Int
        var name: String
    }

    let entries = [Row(day: 1, name: "Headache"), Row(day: 2, name: "Nausea"), Row(day: 1, name: "Fatigue")]

    func listing(sectioned: Bool) -> Listing<Row, Row> {
        Listing(
            items: entries, row: { $0 }, columns: [.text("SYMPTOM") { $0.name }],
            whenEmpty: "No symptoms logged.",
            sections: sectioned ? .init(heading: { "day \($0.day)" }, comesFirst: { $0.day > $1.day }) : nil)
    }

    @Test func sectionsComeInTheirOrderAndTheirRowsInTheItemsOrder() throws {
        #expect(
            try listing(sectioned: true).render(json: false)
                == "day 2\n  SYMPTOM\n  Nausea\n\nday 1\n  SYMPTOM\n  Headache\n  Fatigue\n")
        #expect(try listing(sectioned: false).render(json: false) == "SYMPTOM\nHeadache\nNausea\nFatigue\n")
    }

    @Test func theJSONKeepsTheItemsOrderWhateverTheSections() throws {
        let json = try listing(sectioned: true).render(json: true)
        let names = json.split(separator: "\n").filter { $0.contains("\"name\"") }
        #expect(names.map { $0.contains("Headache") } == [true, false, false], "\(json)")
        #expect(names.last?.contains("Fatigue") == true, "\(json)")
    }

    @Test func nothingToListSaysSo() throws {
        var empty = listing(sectioned: true)
        empty.items = []
        #expect(try empty.render(json: false) == "No symptoms logged.\n")
        #expect(try empty.render(json: true) == "[]\n")
    }

    /// An empty array or object is `[]` or `{}` wherever it is, as other tools write it; a
    /// string's brackets stay as they were.
    @Test func anEmptyArrayIsWrittenClosed() throws {
        #expect(try JSONText.render(["a": [Int]()]) == "{\n  \"a\" : []\n}")
        #expect(try JSONText.render(["b": [String: Int]()]) == "{\n  \"b\" : {}\n}")
        #expect(try JSONText.render(["[ ]", "{\n}", "x[]"]) == "[\n  \"[ ]\",\n  \"{\\n}\",\n  \"x[]\"\n]")
    }
}
