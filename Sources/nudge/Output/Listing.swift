import Foundation

/// Items a command lists: a table for a person (or a sentence when there are none), or with
/// `--json` one JSON array of their rows for a program.
struct Listing<Item, Row: Encodable> {
    struct Column {
        var header: String
        /// Free text, which may be cut with `…` to fit the width; numbers, times and ids never are.
        var shrinks: Bool
        var cell: (Item) -> String

        init(_ header: String, _ cell: @escaping (Item) -> String) {
            self.init(header, shrinks: false, cell)
        }

        private init(_ header: String, shrinks: Bool, _ cell: @escaping (Item) -> String) {
            self.header = header
            self.shrinks = shrinks
            self.cell = cell
        }

        /// A column of free text, cut to fit.
        static func text(_ header: String, _ cell: @escaping (Item) -> String) -> Column {
            Column(header, shrinks: true, cell)
        }
    }

    var items: [Item]
    /// An item as programs read it (nudge(5), "JSON output").
    var row: (Item) -> Row
    var columns: [Column]
    /// What is said instead of an empty table: that there is nothing, and how to add some;
    /// wrapped to the width as other prose.
    var whenEmpty: String

    /// The table within `width` columns as far as its free text can give way, or the JSON.
    func render(json: Bool, width: Int = .max) throws -> String {
        if json { return try JSONText.render(items.map(row)) + "\n" }
        guard !items.isEmpty else { return TextWrap.lines(whenEmpty, width: width).joined(separator: "\n") + "\n" }
        return TextTable.render(
            header: columns.map(\.header), rows: items.map { item in columns.map { $0.cell(item) } }, width: width,
            shrinking: Set(columns.indices.filter { columns[$0].shrinks }))
    }
}
