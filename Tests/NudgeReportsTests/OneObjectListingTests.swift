import NudgeReports
import Testing

/// A listing of one object (`dose status`, `journal show`, `meditate status`): its text for a
/// person, one JSON object for a program, and `null` or the sentence when there is none.
@Suite struct OneObjectListingTests {
    struct Row: Encodable {
        var name: String
        @NullWhenAbsent var notes: String?
    }

    func listing(_ item: Row?, says: Bool = true) -> Listing<Row, Row> {
        .one(item, row: { $0 }, text: { says ? "\($0.name): \($0.notes ?? "-")" : nil }, whenEmpty: "Nothing runs.")
    }

    @Test func theObjectIsOneJSONObjectNotAnArray() throws {
        #expect(
            try listing(Row(name: "Headache", notes: nil)).render(json: true)
                == "{\n  \"name\" : \"Headache\",\n  \"notes\" : null\n}\n")
        #expect(try listing(Row(name: "Headache", notes: "mild")).render(json: false) == "Headache: mild\n")
    }

    @Test func noObjectIsNullOrTheSentenceWrapped() throws {
        #expect(try listing(nil).render(json: true) == "null\n")
        #expect(try listing(nil).render(json: false, width: 20) == "Nothing runs.\n")
        #expect(try listing(Row(name: "Headache"), says: false).render(json: false) == "Nothing runs.\n")
    }
}
