import NudgeCore
import NudgeReports
import NudgeStore

/// `nudge settings list`: every key with its value, default and what it accepts.
public enum SettingsList {
    public static func run(_ context: CommandContext) throws {
        let settings = try context.openStoreForReading().run { try $0.settings() }
        let ignored = settings.ignored.filter { $0.key != nil }
        let table = SettingKey.allCases.map { key in
            [
                key.rawValue,
                key.valueKind.shown(settings[key])
                    + (ignored.contains { $0.key == key } ? " (stored value unreadable)" : ""),
                key.valueKind.shown(key.defaultValue), key.valueKind.accepted,
            ]
        }
        let width = context.environment.width
        // What a row another program wrote does instead, and its fix, under the table.
        let notes = ignored.map { "\n" + TextWrap.narrow($0.sentence, width: width).joined(separator: "\n") + "\n" }
            .joined()
        let wide = TextTable.render(header: ["KEY", "VALUE", "DEFAULT", "ACCEPTS"], rows: table)
        guard wide.split(separator: "\n").contains(where: { DisplayWidth.of(String($0)) > width }) else {
            return context.environment.output(wide + notes)
        }
        // Narrower than the table: a key a block, what it accepts wrapped under it, so that
        // nothing a person needs to set a key is cut, and no line is wider than the terminal.
        context.environment.output(
            table.map { row in
                (keyAndValue(row[0], row[1], width: width)
                    + TextWrap.narrow("default \(row[2]); accepts \(row[3])", width: width - 4).map { "    " + $0 })
                    .joined(separator: "\n")
            }.joined(separator: "\n") + "\n" + notes)
    }

    /// `key = value`, or where that is wider than `width` (a long key and value at 40 columns),
    /// the value on a line of its own under the key, never cut; a key wider than the width
    /// broken after a `.` or `_` (`symptom.during_do_not_` at 24 columns).
    private static func keyAndValue(_ key: String, _ value: String, width: Int) -> [String] {
        let line = "\(key) = \(value)"
        guard DisplayWidth.of(line) > width else { return [line] }
        return TextWrap.pieces(of: key, width: width)
            + TextWrap.narrow(value, width: width - 4).enumerated().map {
                ($0.offset == 0 ? "  = " : "    ") + $0.element
            }
    }
}
