import NudgeReports

/// A command's `--help` as ArgumentParser writes it, made to fit and to be true: its USAGE line
/// (which it never wraps: 219 columns for `journal add`) broken between options, and its pointer
/// to `nudge help COMMAND <subcommand>`, a command nudge refuses, as `--help` after it.
enum HelpText {
    static func fitted(_ help: String, width: Int) -> String {
        help.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            if let pointer = line.wholeMatch(of: /(\s*)See 'nudge help (.*) <subcommand>' for detailed help\./) {
                let indent = String(pointer.1)
                let sentence = "See 'nudge \(pointer.2) <subcommand> --help' for its options."
                return DisplayWidth.wrapped(sentence, width - indent.count).map { indent + $0 }.joined(separator: "\n")
            }
            guard DisplayWidth.of(String(line)) > width else { return String(line) }
            guard line.hasPrefix("USAGE: ") else {
                return rewrapped(String(line), width: width).joined(separator: "\n")
            }
            return usage(String(line), width: width)
        }.joined(separator: "\n")
    }

    /// A line ArgumentParser let past the width around a word wider than its column
    /// (`$XDG_DATA_HOME/nudge).`, `dose.snooze_duration_minutes`): the words that fit stay, the
    /// wide word goes on a line of its own at the left margin (broken after a '.', '_', '-' or
    /// '/' where even that is too narrow), and the words after it go on under the column.
    static func rewrapped(_ line: String, width: Int) -> [String] {
        let characters = Array(line)
        let indent = characters.prefix { $0 == " " }.count
        // The text's column: after an option's name and the spaces that follow it.
        var column = indent
        if let gap = (indent..<max(indent, characters.count - 1)).first(where: {
            characters[$0] == " " && characters[$0 + 1] == " "
        }) {
            column = characters[gap...].prefix { $0 == " " }.count + gap
        }
        // A column past half the width (ArgumentParser's 26 at 20 columns; a line it wrapped
        // there starts at 26): the words go on from at most 4 in, and their further lines 4 in,
        // under an option's name at 2 (issue 40: a word a line at the left margin).
        let hangs = column > width / 2
        let lead = hangs ? min(indent, 4) : column
        let pad = String(repeating: " ", count: hangs && indent > 0 ? 4 : lead)
        var lines: [String] = []
        var current = hangs ? String(repeating: " ", count: lead) : String(characters[..<column])
        var hasWords = false
        for word in String(characters[(hangs ? indent : column)...]).split(separator: " ").map(String.init) {
            let room = width - DisplayWidth.of(current) - (hasWords ? 1 : 0)
            if DisplayWidth.of(word) <= room {
                current += (hasWords ? " " : "") + word
                hasWords = true
                continue
            }
            if hasWords || current.contains(where: { $0 != " " }) { lines.append(current) }
            if pad.count + DisplayWidth.of(word) <= width {
                current = pad + word
                hasWords = true
            } else {
                lines += TextWrap.pieces(of: word, width: width)
                current = pad
                hasWords = false
            }
        }
        if hasWords { lines.append(current) }
        return lines
    }

    /// The USAGE line on as many lines as it needs, an option (`[--at <at>]`) never split, the
    /// lines after the first indented under the first option.
    static func usage(_ line: String, width: Int) -> String {
        var words: [String] = []
        var depth = 0
        for word in line.split(separator: " ") {
            if depth > 0 { words[words.count - 1] += " " + word } else { words.append(String(word)) }
            depth += word.filter { "[<".contains($0) }.count - word.filter { "]>".contains($0) }.count
        }
        let command = words.prefix { !($0.hasPrefix("[") || $0.hasPrefix("<") || $0.hasPrefix("-")) }
        let head = command.joined(separator: " ")
        // Under the first option where the widest option fits there too.
        let widest = words.dropFirst(command.count).map(DisplayWidth.of).max() ?? 0
        let under = DisplayWidth.of(head) + 1
        let indent = String(repeating: " ", count: under <= width / 2 && under + widest <= width ? under : 4)
        // At 20 columns the command's words wrap too, and an option wider than its line
        // (`[--confirm-duplicate]`) is broken after a '-'.
        var lines = DisplayWidth.wrapped(head, width)
        for word in words.dropFirst(command.count) {
            if DisplayWidth.of(lines[lines.count - 1]) + 1 + DisplayWidth.of(word) <= width {
                lines[lines.count - 1] += " " + word
            } else {
                lines += TextWrap.pieces(of: word, width: width - indent.count).map { indent + $0 }
            }
        }
        return lines.joined(separator: "\n")
    }
}
