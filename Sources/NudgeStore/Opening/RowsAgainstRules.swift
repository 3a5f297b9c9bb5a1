import GRDB

/// How many rows of one column (or of a rule of the whole table) break their rule: a CHECK or
/// NOT NULL constraint another program wrote around (`PRAGMA ignore_check_constraints`). Named
/// by table and column only, never by a value, which may be private text.
public struct RowsAgainstRule: Sendable, Equatable {
    public var table: String
    /// Nil for a CHECK written for the table rather than one column.
    public var column: String?
    public var count: Int
    /// True where nudge's listings leave these rows out (a table read by a `RecordRule`); false
    /// where nudge shows them with what it can read of them, or does not read the table.
    public var isLeftOut = false
}

extension Store {
    /// The rows against their column's rule, by table and column, in every table of every app:
    /// in a table nudge lists, by the rule its listings leave rows out by (`RecordRule`), each
    /// row once; elsewhere by the table's CHECK and NOT NULL constraints.
    /// SQLite's integrity check cannot say: on a read-only connection (the doctor's) it checks
    /// no CHECK constraint, and otherwise names the table, not the column, and stops at 100.
    /// One pass over each table that has rules; a table whose rules this SQLite cannot
    /// evaluate (a function of another program's) is passed over.
    public func rowsAgainstTheirRules() throws(StoreError) -> [RowsAgainstRule] {
        try read { db in
            let tables = try Row.fetchAll(
                db,
                sql:
                    "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"
            )
            var found: [RowsAgainstRule] = []
            for table in tables {
                guard let name: String = table["name"], let sql: String = table["sql"] else { continue }
                if let rule = RecordRule.all.first(where: { $0.table == name }) {
                    // Constraints this SQLite cannot evaluate (another program's function) are passed over.
                    let constraints = TableRules(sql: sql).rules
                    guard
                        let counts = (try? rule.count(db, constraints: constraints))
                            ?? (try? rule.count(db, constraints: []))
                    else { continue }
                    found += counts.leftOut.map {
                        RowsAgainstRule(table: name, column: $0.column, count: $0.count, isLeftOut: true)
                    }
                    found += counts.shown.map { RowsAgainstRule(table: name, column: $0.column, count: $0.count) }
                    continue
                }
                let rules = TableRules(sql: sql).rules
                guard !rules.isEmpty else { continue }
                let quoted = "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
                let sums = rules.map { "coalesce(sum(CASE WHEN \($0.broken) THEN 1 ELSE 0 END), 0)" }
                guard let counts = try? Row.fetchOne(db, sql: "SELECT \(sums.joined(separator: ", ")) FROM \(quoted)")
                else { continue }
                for (index, rule) in rules.enumerated() {
                    let count: Int = counts[index] ?? 0
                    guard count > 0 else { continue }
                    if let same = found.firstIndex(where: { $0.table == name && $0.column == rule.column }) {
                        found[same].count += count
                    } else {
                        found.append(RowsAgainstRule(table: name, column: rule.column, count: count))
                    }
                }
            }
            return found
        }
    }
}

/// The CHECK and NOT NULL rules of a `CREATE TABLE` statement, each with the condition a row
/// that breaks it meets: read from the text SQLite keeps, at the top level of its parentheses,
/// outside quotes.
struct TableRules {
    var rules: [(column: String?, broken: String)] = []

    init(sql: String) {
        let text = Array(sql)
        guard let open = text.firstIndex(of: "("), let close = text.lastIndex(of: ")"), open < close else { return }
        for definition in Self.split(text[(open + 1)..<close]) {
            let words = definition.split(whereSeparator: \.isWhitespace)
            guard let first = words.first else { continue }
            let keyword = first.uppercased()
            let isTableRule =
                ["CONSTRAINT", "CHECK", "PRIMARY", "UNIQUE", "FOREIGN"].contains(keyword)
                || keyword.hasPrefix("CHECK(")
            let column = isTableRule ? nil : Self.unquoted(String(first))
            let checks = Self.checks(Array(definition))
            // NOT NULL of the column itself, not words inside one of its CHECKs.
            let outsideChecks = checks.reduce(definition) { $0.replacingOccurrences(of: $1, with: "") }
            if let column, outsideChecks.range(of: "NOT NULL", options: .caseInsensitive) != nil {
                rules.append((column, "\"\(column.replacingOccurrences(of: "\"", with: "\"\""))\" IS NULL"))
            }
            for expression in checks {
                // A CHECK fails when its expression is false, not when it is NULL.
                rules.append((column, "NOT (\(expression))"))
            }
        }
    }

    /// The parts between commas outside parentheses and quotes.
    private static func split(_ text: ArraySlice<Character>) -> [String] {
        var parts: [String] = []
        var current = ""
        var depth = 0
        var quote: Character?
        for character in text {
            if let open = quote {
                if character == open { quote = nil }
            } else if "'\"`[".contains(character) {
                quote = character == "[" ? "]" : character
            } else if character == "(" {
                depth += 1
            } else if character == ")" {
                depth -= 1
            } else if character == ",", depth == 0 {
                parts.append(current)
                current = ""
                continue
            }
            current.append(character)
        }
        parts.append(current)
        return parts
    }

    /// The expressions in `CHECK (...)` of one definition.
    private static func checks(_ text: [Character]) -> [String] {
        var expressions: [String] = []
        var index = 0
        var quote: Character?
        while index < text.count {
            let character = text[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if "'\"`[".contains(character) {
                quote = character == "[" ? "]" : character
            } else if index + 5 <= text.count, String(text[index..<index + 5]).uppercased() == "CHECK",
                index == 0 || !(text[index - 1].isLetter || text[index - 1].isNumber || text[index - 1] == "_")
            {
                var start = index + 5
                while start < text.count, text[start].isWhitespace { start += 1 }
                if start < text.count, text[start] == "(", let end = closing(text, from: start) {
                    expressions.append(String(text[(start + 1)..<end]))
                    index = end
                }
            }
            index += 1
        }
        return expressions
    }

    /// The parenthesis that closes the one at `start`.
    private static func closing(_ text: [Character], from start: Int) -> Int? {
        var depth = 0
        var quote: Character?
        for index in start..<text.count {
            let character = text[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if "'\"`".contains(character) {
                quote = character
            } else if character == "(" {
                depth += 1
            } else if character == ")" {
                depth -= 1
                if depth == 0 { return index }
            }
        }
        return nil
    }

    private static func unquoted(_ name: String) -> String {
        guard let first = name.first, let last = name.last, name.count >= 2,
            ["\"\"", "``", "[]"].contains(String([first, last]))
        else { return name }
        return String(name.dropFirst().dropLast())
    }
}
