import ArgumentParser

/// The options a command takes, read from its own usage: a `--name <value>` takes a value.
public struct CommandOptions {
    var all: Set<String> = []
    public var valued: Set<String> = []
    /// Its arguments' names as its usage says them (`<name>`), besides options' values.
    public var arguments: [String] = []
    /// Whether its last argument takes any number of words (`<words> ...`).
    var isVariadic = false
    /// The unit of an option's number as its help says it (`--in`: days, `--duration`: minutes).
    var units: [String: String] = [:]
    var hasArguments: Bool { !arguments.isEmpty }
    private var names: [String] = []

    public init(_ command: ParsableCommand.Type) {
        let help = CommandTree.root.helpMessage(for: command, columns: 1000)
        let usage = help.split(separator: "\n").first { $0.hasPrefix("USAGE:") }.map(String.init) ?? ""
        // An argument is a `<name>` of the usage that is no option's value.
        var afterOption = false
        for token in usage.split(separator: " ") {
            let bare = token.filter { !"[]()".contains($0) }
            // `[<options>]`: the usage's short form of many options, no argument (it hid
            // `reminders edit`'s one, and words typed unquoted got the parser's words: M6).
            if bare == "<options>" { continue }
            if bare.hasPrefix("<"), !afterOption {
                arguments.append(String(bare.dropFirst().prefix { $0 != ">" }))
            }
            if bare.hasSuffix("...") { isVariadic = true }
            // `--at <at>` and `[--at <at>]`, where `[--json] <name>` is a flag and an argument.
            afterOption = bare.hasPrefix("-") && !token.hasSuffix("]")
        }
        for (name, takesValue) in Self.mentions(in: help) {
            if all.insert(name).inserted, name.hasPrefix("--"), name != "--help", name != "--version" {
                names.append(name)
            }
            if takesValue { valued.insert(name) }
        }
        for line in help.split(separator: "\n") {
            let text = line.drop { $0 == " " }
            guard text.hasPrefix("--") else { continue }
            let said = text.lowercased()
            units[String(text.prefix { $0 != " " })] = ["days", "minutes", "seconds"].first { said.contains($0) }
        }
    }

    /// Each `-x` or `--name` the usage names (at its start or after a space, `,`, `[`, `(` or
    /// `|`), and whether ` <value>` follows it. Scanned by hand, not by a Regex: every command,
    /// the daemon too, checks its words, and the regex engine made 1 MB of the binary resident.
    static func mentions(in help: String) -> [(name: String, takesValue: Bool)] {
        let text = Array(help)
        let isNameCharacter = { (character: Character) in
            character.isASCII && (character.isLetter || character.isNumber || character == "-")
        }
        var found: [(String, Bool)] = []
        var index = 0
        while index < text.count {
            let start = index
            index += 1
            guard text[start] == "-", start == 0 || text[start - 1].isWhitespace || ",[(|".contains(text[start - 1])
            else { continue }
            var end = start + 1
            if end < text.count, text[end] == "-" { end += 1 }
            guard end < text.count, text[end].isASCII, text[end].isLetter else { continue }
            while end < text.count, isNameCharacter(text[end]) { end += 1 }
            let name = String(text[start..<end])
            var takesValue = false
            if end + 2 < text.count, text[end] == " ", text[end + 1] == "<", text[end + 2] != ">",
                let close = text[(end + 2)...].firstIndex(of: ">")
            {
                takesValue = true
                end = close + 1
            }
            found.append((name, takesValue))
            index = end
        }
        return found
    }

    /// `it takes --json, --limit and --store`.
    var listed: String {
        guard let last = names.last else { return "it takes only --help and --version" }
        return names.count == 1
            ? "it takes \(last)" : "it takes \(names.dropLast().joined(separator: ", ")) and \(last)"
    }
}
