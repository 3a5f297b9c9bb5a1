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
            guard line.hasPrefix("USAGE: "), DisplayWidth.of(String(line)) > width else { return String(line) }
            return usage(String(line), width: width)
        }.joined(separator: "\n")
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
        var lines = [head]
        for word in words.dropFirst(command.count) {
            if DisplayWidth.of(lines[lines.count - 1]) + 1 + DisplayWidth.of(word) <= width {
                lines[lines.count - 1] += " " + word
            } else {
                lines.append(indent + word)
            }
        }
        return lines.joined(separator: "\n")
    }
}
