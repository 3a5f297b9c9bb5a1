import Foundation

/// Items a command lists: a table for a person (or a sentence when there are none), or with
/// `--json` one JSON array of their rows for a program.
struct Listing<Item, Row: Encodable> {
    struct Column {
        var header: String
        var cell: (Item) -> String

        init(_ header: String, _ cell: @escaping (Item) -> String) {
            self.header = header
            self.cell = cell
        }
    }

    var items: [Item]
    /// An item as programs read it (nudge(5), "JSON output").
    var row: (Item) -> Row
    var columns: [Column]
    /// What is said instead of an empty table: that there is nothing, and how to add some.
    var whenEmpty: String

    func render(json: Bool) throws -> String {
        if json { return try JSONText.render(items.map(row)) + "\n" }
        guard !items.isEmpty else { return whenEmpty + "\n" }
        return TextTable.render(
            header: columns.map(\.header), rows: items.map { item in columns.map { $0.cell(item) } })
    }
}
