import ArgumentParser
import NudgeCore

/// The command line a person most likely meant by words nudge does not take: another
/// program's verb (`delete` where nudge says remove, `show` where it says list), `help` for
/// `--help`, an option a letter or two off, a name of several words without quotes.
enum MeantCommand {
    /// Verbs other programs use, with nudge's own words for them, in the order they are tried.
    private static let synonyms: [String: [String]] = [
        "delete": ["remove", "cancel"], "del": ["delete", "remove", "cancel"], "rm": ["delete", "remove", "cancel"],
        "remove": ["delete", "cancel"], "cancel": ["delete", "remove", "stop"], "drop": ["delete", "remove", "cancel"],
        "show": ["list", "status", "get"], "view": ["list", "show", "status"], "ls": ["list"],
        "display": ["list", "show", "status"], "info": ["status", "show"], "new": ["add", "start"],
        "create": ["add", "start"], "change": ["edit", "set"], "update": ["edit", "set"], "modify": ["edit", "set"],
        "end": ["stop"], "finish": ["stop"], "begin": ["start"],
    ]

    /// The verbs of other programs a suggestion answers.
    static var verbs: [String] { Array(synonyms.keys) }

    /// The command line meant by `word` after `path` (`nudge contacts show Sam`), or nil: the
    /// first of nudge's own words for it that parses with `rest` as typed (`journal show 410d`),
    /// else the first that parses without `rest`'s arguments (`contacts list`, which takes no
    /// name). A suggestion that fails when typed is worse than none.
    static func command(
        for word: String, after path: [String], among subcommands: [ParsableCommand.Type], rest: [String]
    ) -> String? {
        let names = subcommands.map { $0._commandName }
        var candidates = (synonyms[word.lowercased()] ?? []).filter { names.contains($0) }
        let given = storeRemoved(rest)
        if given.contains(where: { !$0.hasPrefix("-") }), candidates.contains("list") {
            candidates.insert(contentsOf: ["show", "get"].filter { names.contains($0) }, at: 0)
        }
        let tried = candidates.compactMap { verb in
            subcommands.first { $0._commandName == verb }.map {
                (verb, [given, optionsKept(given, valued: CommandOptions($0).valued)])
            }
        }
        for pass in 0..<2 {
            for (verb, words) in tried where parses(Array(path.dropFirst()) + [verb] + words[pass]) {
                return (path + [verb] + words[pass].map { quoted(CommandLineText.shortened($0)) })
                    .joined(separator: " ")
            }
        }
        return nil
    }

    /// Whether ArgumentParser takes `arguments` (after the program name), validation included.
    static func parses(_ arguments: [String]) -> Bool {
        (try? Nudge.parseAsRoot(arguments)) != nil
    }

    /// `words` without their arguments: the options, each with its value where it takes one.
    private static func optionsKept(_ words: [String], valued: Set<String>) -> [String] {
        var kept: [String] = []
        var rest = words[...]
        while let word = rest.popFirst() {
            guard word.hasPrefix("-") else { continue }
            kept.append(word)
            if valued.contains(word), let value = rest.popFirst() { kept.append(value) }
        }
        return kept
    }

    /// The words as given, without `--store` and its value (it stays as given).
    private static func storeRemoved(_ words: [String]) -> [String] {
        var kept: [String] = []
        var rest = words[...]
        while let word = rest.popFirst() {
            if word == "--store" {
                _ = rest.popFirst()
            } else if !word.hasPrefix("--store=") {
                kept.append(word)
            }
        }
        return kept
    }

    /// The words of a suggestion, as they would be typed: `--store` is left out (it stays as
    /// given), the rest shortened, and quoted where a word has a space.
    static func withoutStore(_ words: [String]) -> [String] {
        storeRemoved(words).map { quoted(CommandLineText.shortened($0)) }
    }

    /// `nudge help backup` → `nudge backup --help`: the longest run of `rest` that names commands.
    static func help(after path: [String], from command: ParsableCommand.Type, rest: [String]) -> String {
        var words = path
        var command = command
        for word in withoutStore(rest) {
            guard let next = command.configuration.subcommands.first(where: { $0._commandName == word }) else { break }
            words.append(word)
            command = next
        }
        return
            "\(path.joined(separator: " ")) has no command 'help'; did you mean: \(words.joined(separator: " ")) --help"
    }

    /// The long option `typed` most likely meant, a letter or two off (`--hepl` → --help).
    static func option(for typed: String, among names: Set<String>) -> String? {
        guard typed.hasPrefix("--"), typed.count >= 4 else { return nil }
        let near = names.union(["--help"]).filter { $0.hasPrefix("--") }.map { ($0, EditDistance.between($0, typed)) }
            .filter { $0.1 <= 2 }
        guard let best = near.min(by: { $0.1 < $1.1 }), near.filter({ $0.1 == best.1 }).count == 1 else { return nil }
        return best.0
    }

    private static func quoted(_ word: String) -> String {
        guard word.isEmpty || word.contains(where: \.isWhitespace) else { return word }
        return word.contains("'") ? "\"\(word)\"" : "'\(word)'"
    }

    /// `nudge log symptom joint pain 3`: the name in quotes, a last number as its severity.
    static func quotedName(_ words: [String], options: [String]) -> String {
        var name = words
        var severity: [String] = []
        if !options.contains(where: { $0 == "--severity" || $0.hasPrefix("--severity=") }), let last = name.last,
            Int(last) != nil
        {
            severity = ["--severity", last]
            name.removeLast()
        }
        let meant =
            (["nudge log symptom", quoted(CommandLineText.shortened(name.joined(separator: " ")))] + severity
            + withoutStore(options)).joined(separator: " ")
        return "nudge log symptom takes one NAME, in quotes when it has several words; did you mean: \(meant)"
    }
}
