import Foundation

/// Items a command lists: a table for a person (or a sentence when there are none), or with
/// `--json` one JSON array of their rows for a program. A listing of one object (`one`) is its
/// text, and one JSON object (or `null`).
public struct Listing<Item, Row: Encodable> {
    public struct Column {
        /// How a column's cells give way to the width.
        public enum Fit: Sendable {
            /// Numbers, times and ids: never cut.
            case whole
            /// Free text: cut with `…` to fit.
            case cut
            /// A list of counts: on lines of its own under its row, wrapped, never cut.
            case underneath
            /// A name: never cut; the row folds around it, and one wider than a line goes on
            /// over lines of its own in its column.
            case wrapped
            /// A name beside columns that say what happened: it gives way after free text is
            /// cut, narrowed and broken over lines in its column, never cut.
            case narrowed
        }

        public var header: String
        public var fit: Fit
        public var cell: (Item) -> String

        public init(_ header: String, _ cell: @escaping (Item) -> String) {
            self.init(header, fit: .whole, cell)
        }

        private init(_ header: String, fit: Fit, _ cell: @escaping (Item) -> String) {
            self.header = header
            self.fit = fit
            self.cell = cell
        }

        /// A column of free text, cut to fit.
        public static func text(_ header: String, _ cell: @escaping (Item) -> String) -> Column {
            Column(header, fit: .cut, cell)
        }

        /// A name, never cut: a person tells two contacts apart by the end of a name too.
        public static func name(_ header: String, _ cell: @escaping (Item) -> String) -> Column {
            Column(header, fit: .wrapped, cell)
        }

        /// A name that gives way before anything else but free text, over lines in its column:
        /// beside an outcome and times that are never cut (`meds history` at 40 columns).
        public static func narrowedName(_ header: String, _ cell: @escaping (Item) -> String) -> Column {
            Column(header, fit: .narrowed, cell)
        }

        /// A list of counts (`3 diary entries, 1 call`), under its row: a number is never cut,
        /// and a list of six counts is wider than what a row leaves it at 120 columns.
        public static func list(_ header: String, _ cell: @escaping (Item) -> String) -> Column {
            Column(header, fit: .underneath, cell)
        }
    }

    public var items: [Item]
    /// An item as programs read it (nudge(5), "JSON output").
    public var row: (Item) -> Row
    public var columns: [Column]
    /// What is said instead of an empty table: that there is nothing, and how to add some;
    /// wrapped to the width as other prose.
    public var whenEmpty: String
    /// Where the table's rows go under headings (a day each); nil for one plain table.
    public var sections: Sections?

    /// A listing of one object's text for a person; nil where the listing is a table. Where it
    /// gives nil, `whenEmpty` is said.
    public var text: ((Item) -> String?)?

    /// The heading an item's row goes under, and which of two items' sections comes first; the
    /// rows of a section keep the items' order, and so does the JSON.
    public struct Sections {
        public var heading: (Item) -> String
        public var comesFirst: (Item, Item) -> Bool

        public init(heading: @escaping (Item) -> String, comesFirst: @escaping (Item, Item) -> Bool) {
            self.heading = heading
            self.comesFirst = comesFirst
        }
    }

    public init(
        items: [Item], row: @escaping (Item) -> Row, columns: [Column], whenEmpty: String, sections: Sections? = nil
    ) {
        self.items = items
        self.row = row
        self.columns = columns
        self.whenEmpty = whenEmpty
        self.sections = sections
    }

    /// One object rather than rows (`dose status`, `journal show`, `meditate status`): `--json`
    /// prints its row, or `null` where there is no object; a person reads `text`, or `whenEmpty`.
    public static func one(
        _ item: Item?, row: @escaping (Item) -> Row, text: @escaping (Item) -> String?, whenEmpty: String
    ) -> Listing {
        var listing = Listing(items: item.map { [$0] } ?? [], row: row, columns: [], whenEmpty: whenEmpty)
        listing.text = text
        return listing
    }

    /// The table within `width` columns as far as its free text can give way, or the JSON.
    public func render(json: Bool, width: Int = .max) throws -> String {
        // A word wider than the line (`individual|couples|...`) broken too: the sentence is prose.
        let sentence = {
            TextWrap.lines(whenEmpty, width: width).flatMap { TextWrap.pieces(of: $0, width: width) }
                .joined(separator: "\n") + "\n"
        }
        if let text {
            if json { return try JSONText.render(NullWhenAbsent(wrappedValue: items.first.map(row))) + "\n" }
            return items.first.flatMap(text).map { $0 + "\n" } ?? sentence()
        }
        if json { return try JSONText.render(items.map(row)) + "\n" }
        guard !items.isEmpty else { return sentence() }
        let shrinking = Set(columns.indices.filter { columns[$0].fit == .cut })
        let underneath = Set(columns.indices.filter { columns[$0].fit == .underneath })
        let wrapping = Set(columns.indices.filter { columns[$0].fit == .wrapped })
        let narrowing = Set(columns.indices.filter { columns[$0].fit == .narrowed })
        func cells(_ item: Item) -> [String] { columns.map { $0.cell(item) } }
        guard let sections else {
            return TextTable.render(
                header: columns.map(\.header), rows: items.map(cells), width: width, shrinking: shrinking,
                underneath: underneath, wrapping: wrapping, narrowing: narrowing)
        }
        var grouped: [(heading: String, items: [Item])] = []
        for item in items {
            let heading = sections.heading(item)
            if let index = grouped.firstIndex(where: { $0.heading == heading }) {
                grouped[index].items.append(item)
            } else {
                grouped.append((heading, [item]))
            }
        }
        return TextTable.render(
            header: columns.map(\.header),
            sections: grouped.sorted { sections.comesFirst($0.items[0], $1.items[0]) }.map {
                (heading: $0.heading, rows: $0.items.map(cells))
            }, width: width, shrinking: shrinking, underneath: underneath, wrapping: wrapping, narrowing: narrowing)
    }
}
