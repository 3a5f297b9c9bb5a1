import ArgumentParser
import NudgeCore

/// The command line a person most likely meant by words nudge does not take: another
/// program's verb (`delete` where nudge says remove, `show` where it says list), `help` for
/// `--help`, an option a letter or two off.
enum MeantCommand {
    /// Verbs other programs use, with nudge's own words for them, in the order they are tried.
    private static let synonyms: [String: [String]] = [
        "delete": ["remove", "cancel", "reset"], "del": ["delete", "remove", "cancel", "reset"],
        "rm": ["delete", "remove", "cancel", "reset"], "remove": ["delete", "cancel", "reset"],
        "cancel": ["delete", "remove", "stop"], "drop": ["delete", "remove", "cancel", "reset"],
        "unset": ["reset"], "clear": ["reset"], "edit": ["set"],
        "show": ["list", "status", "get"], "view": ["list", "show", "status"], "ls": ["list"],
        "display": ["list", "show", "status"], "info": ["status", "show"], "new": ["add", "start"],
        "create": ["add", "start"], "change": ["edit", "set"], "update": ["edit", "set"], "modify": ["edit", "set"],
        "end": ["stop"], "finish": ["stop"], "begin": ["start"], "took": ["taken"], "take": ["taken"],
        // A reminder moved, renamed or rescheduled is edited (hostile round of issue 40 after
        // A14, Medium 5: `call reminders move` got the parser's wording).
        "move": ["edit"], "mv": ["edit"], "rename": ["edit"], "reschedule": ["edit"], "retime": ["edit"],
        "postpone": ["edit", "snooze"], "delay": ["edit", "snooze"],
    ]

    /// The verbs of other programs a suggestion answers.
    static var verbs: [String] { Array(synonyms.keys) }

    /// nudge's own words for another program's verb (`unset` → reset), in the order tried.
    static func ownWords(for verb: String) -> [String] { synonyms[verb.lowercased()] ?? [] }

    /// The command line meant by `word` after the words `before` it (`nudge contacts show Sam`),
    /// or nil: the first of nudge's own words for it that parses with `rest` as typed (`journal
    /// show 410d`), else the first that parses with `rest`'s options alone (`contacts list`,
    /// which takes no name).
    static func command(
        for word: String, before: [String], among subcommands: [ParsableCommand.Type], rest: [String]
    ) -> [String]? {
        let names = subcommands.map { $0._commandName }
        var candidates = (synonyms[word.lowercased()] ?? []).filter { names.contains($0) }
        if storeRemoved(rest).contains(where: { !$0.hasPrefix("-") }), candidates.contains("list") {
            candidates.insert(contentsOf: ["show", "get"].filter { names.contains($0) }, at: 0)
        }
        let tried = candidates.compactMap { verb in
            subcommands.first { $0._commandName == verb }.map {
                let options = CommandOptions($0)
                return (
                    verb,
                    [rest] + alsoDeleting(word, rest, options) + renamed(word, rest, options)
                        + [optionsKept(rest, valued: options.valued)]
                )
            }
        }
        for pass in 0..<(tried.map { $0.1.count }.max() ?? 0) {
            for (verb, words) in tried where pass < words.count {
                if SuggestedLine.parses(before + [verb] + words[pass]) { return before + [verb] + words[pass] }
            }
        }
        return nil
    }

    /// A deletion asked for that nudge takes only when told what goes with it (`contacts delete
    /// Sam`, whose logged calls `contacts remove Sam` would refuse to leave): the line with each
    /// such flag (`--delete-calls`), so that the one offered is one that is taken.
    private static func alsoDeleting(_ word: String, _ rest: [String], _ options: CommandOptions) -> [[String]] {
        guard ["delete", "del", "rm", "remove", "drop"].contains(word.lowercased()) else { return [] }
        let at = rest.firstIndex(of: "--store") ?? rest.endIndex
        return options.all.filter { $0.hasPrefix("--delete-") && !options.valued.contains($0) }.sorted().map {
            Array(rest[..<at] + [$0] + rest[at...])
        }
    }

    /// `rename ID NEW`: the edit that gives the new name or text in place (`reminders edit ID
    /// --text NEW`, `contacts edit ID --name NEW`).
    private static func renamed(_ word: String, _ rest: [String], _ options: CommandOptions) -> [[String]] {
        let positional = rest.indices.filter { !rest[$0].hasPrefix("-") && ($0 == 0 || rest[$0 - 1] != "--store") }
        guard word.lowercased() == "rename", positional.count == 2, positional.count + 2 >= rest.count else {
            return []
        }
        return ["--name", "--text"].filter(options.valued.contains).map { option in
            var line = rest
            line.insert(option, at: positional[1])
            return line
        }
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

    /// The words as given, without `--store` and its value.
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

    /// `nudge help backup` → `nudge backup --help`: the longest run of `rest` that names commands.
    static func help(after path: [String], from command: ParsableCommand.Type, rest: [String]) -> String {
        var words = path
        var command = command
        for word in storeRemoved(rest) {
            guard let next = command.configuration.subcommands.first(where: { $0._commandName == word }) else { break }
            words.append(word)
            command = next
        }
        return
            "\(path.joined(separator: " ")) has no command 'help'; did you mean: \(words.joined(separator: " ")) --help"
    }

    /// The long option `typed` most likely meant: a letter or two off (`--hepl` → --help), with
    /// one dash (`-help`), or its first letter alone (`-y`, `--y` → --yes) where one option has it.
    static func option(for typed: String, among names: Set<String>) -> String? {
        let long = names.union(["--help"]).filter { $0.hasPrefix("--") }
        if !typed.hasPrefix("--"), long.contains("-" + typed) { return "-" + typed }
        let letters = typed.drop { $0 == "-" }
        if letters.count == 1 {
            let starting = long.filter { $0.dropFirst(2).hasPrefix(letters) }
            return starting.count == 1 ? starting.first : nil
        }
        // `--sev`: the beginning of one option alone, which the parser does not take short
        // (hostile round of issue 40 after A14).
        let begun = long.filter { $0.hasPrefix(typed) }
        if typed.hasPrefix("--"), typed.count >= 3, begun.count == 1 { return begun.first }
        guard typed.hasPrefix("--"), typed.count >= 4 else { return nil }
        let near = long.map { ($0, EditDistance.between($0, typed)) }.filter { $0.1 <= 2 }
        guard let best = near.min(by: { $0.1 < $1.1 }), near.filter({ $0.1 == best.1 }).count == 1 else { return nil }
        return best.0
    }
}
