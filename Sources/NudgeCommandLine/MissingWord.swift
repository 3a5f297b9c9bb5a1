import ArgumentParser
import NudgeCommands

/// ArgumentParser's "Missing expected argument '<id>'" and "Missing value for '--text <text>'"
/// as a person reads them: what is missing, how the command is typed, and where its ids or
/// keys are listed (`nudge ack is missing its ID: nudge ack ID ANSWER; nudge history lists the
/// ids`).
public enum MissingWord {
    /// Where the values an argument takes are listed, by the command's group and the argument.
    private static let listedBy: [String: String] = [
        "nudge ack <id>": "nudge history lists the ids",
        "nudge call <id>": "\(CallEntries.ids.listedBy) lists the ids",
        "nudge call reminders <id>": "nudge call reminders lists the ids",
        "nudge symptoms <id>": "\(SymptomEntries.ids.listedBy) lists the ids",
        "nudge meditations <id>": "\(MeditationDelete.ids.listedBy) lists the ids",
        "nudge journal <id>": "\(JournalSessions.ids.listedBy) lists the ids",
        "nudge settings <key>": "nudge settings lists the keys",
        "nudge call <contact>": "nudge contacts lists the contacts",
        "nudge contacts <contact>": "nudge contacts lists the contacts",
    ]

    /// The refusal meant by ArgumentParser's `message` for `arguments` (after the program
    /// name), or nil when it is no missing word.
    public static func refusal(for message: String, arguments: [String]) -> String? {
        let (command, path) = command(arguments)
        let here = path.joined(separator: " ")
        let usage = usage(of: command)
        if let missing = message.wholeMatch(of: /Missing expected argument '(<[^>]+>|--[a-z-]+)[^']*'/) {
            let name = String(missing.1)
            let typed = ([here] + required(usage)).joined(separator: " ") + (hasOptions(usage) ? " [OPTIONS]" : "")
            let what = name.hasPrefix("<") ? "its \(placeholder(name, option: nil))" : name
            let listed = listedBy["\(path.dropLast().joined(separator: " ")) \(name)"] ?? listedBy["\(here) \(name)"]
            // `reminders edit -1`: the parser takes -1 for an option and finds no id (round 31).
            if name == "<id>", let negative = arguments.first(where: { $0.hasPrefix("-") && Int($0) != nil }) {
                let listing = listed ?? "\(here.split(separator: " ").prefix(2).joined(separator: " ")) lists them"
                return "\(here): no id is \(negative): ids are positive whole numbers; \(listing)"
            }
            return "\(here) is missing \(what): \(typed)" + (listed.map { "; \($0)" } ?? "")
        }
        // Left out, not a value that begins with '-': the option is the last word, or another
        // option the command takes follows it.
        guard let missing = message.wholeMatch(of: /Missing value for '(--[a-z-]+) (<[^>]+>)'/),
            let at = arguments.lastIndex(of: String(missing.1)),
            at == arguments.count - 1
                || CommandOptions(command).all.contains(String(arguments[at + 1].prefix { $0 != "=" }))
        else { return nil }
        let option = String(missing.1)
        var line = arguments
        line.insert(placeholder(String(missing.2), option: option), at: at + 1)
        let shown = SuggestedLine.shown(line)
        return "\(option) is given no value; give it after the option: \(shown)"
    }

    /// The leaf command the words name, and its path (`nudge call reminders edit`).
    static func command(_ arguments: [String]) -> (ParsableCommand.Type, [String]) {
        var command: any ParsableCommand.Type = CommandTree.root
        var path = ["nudge"]
        var words = arguments[...]
        while let word = words.popFirst() {
            if word.hasPrefix("-") {
                if CommandOptions(command).valued.contains(word) { _ = words.popFirst() }
            } else if let next = command.configuration.subcommands.first(where: { $0._commandName == word }) {
                command = next
                path.append(word)
            }
        }
        return (command, path)
    }

    /// The tokens of the command's usage after its name, without `[--store <path>]`.
    private static func usage(of command: ParsableCommand.Type) -> [String] {
        let help = CommandTree.root.helpMessage(for: command, columns: 1000)
        guard let line = help.split(separator: "\n").first(where: { $0.hasPrefix("USAGE:") }) else { return [] }
        let tokens = line.split(separator: " ").dropFirst().map(String.init)
        let name = tokens.firstIndex { $0 == command._commandName } ?? 0
        return Array(tokens[(name + 1)...]).filter { $0 != "[--store" && $0 != "<path>]" }
    }

    /// The words every line of the command has: `ID ANSWER`, `--at TIME --minutes N`.
    private static func required(_ usage: [String]) -> [String] {
        var words: [String] = []
        var optional = 0
        for token in usage {
            // `settings set KEY VALUE`: its words are optional to the parser, and required by it.
            if optional == 0, !token.hasPrefix("[") || token == "[<words>" {
                let option = words.last?.hasPrefix("--") == true ? words.last : nil
                let bare = token.trimmingPrefix("[")
                words.append(bare.hasPrefix("<") ? placeholder(String(bare), option: option) : token)
            }
            optional += token.filter { $0 == "[" }.count - token.filter { $0 == "]" }.count
        }
        return words
    }

    /// Whether the command takes options besides those every command or listing takes.
    private static func hasOptions(_ usage: [String]) -> Bool {
        usage.contains { token in
            token.hasPrefix("[--") && !["[--json]", "[--yes]", "[--verbose]"].contains(token)
        }
    }

    /// The word a person puts in place of `<name>`: `ID`, `TIME` for `--at`, `N` for a number,
    /// `TEXT` for a text option's words.
    private static func placeholder(_ name: String, option: String?) -> String {
        let bare = name.filter { !"<>.".contains($0) }
        guard let option else { return bare == "words" ? "VALUE" : bare.uppercased() }
        if SuggestedLine.textOptions.contains(option) || option == "--note" { return "TEXT" }
        if ["--at", "--from", "--to", "--since"].contains(option) { return "TIME" }
        if ["--on", "--date"].contains(option) { return "DAY" }
        if option == "--output" { return "FILE" }
        let numbers: Set = [
            "--minutes", "--severity", "--duration", "--limit", "--in", "--every", "--delay", "--interval",
            "--mood-before", "--mood-after", "--year", "--days",
        ]
        return numbers.contains(option) ? "N" : bare.uppercased()
    }
}
