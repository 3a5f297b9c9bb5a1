import NudgeCore
import NudgeStore

/// The lines a newcomer types first, in other programs' words or in the order a person says
/// it, and the line nudge takes for each: `nudge symptoms add headache --severity 2` is `nudge
/// log symptom headache --severity 2`, `nudge contacts rename Mom Mother` is `nudge contacts
/// edit Mom --name Mother`. A line is offered only when nudge takes it.
enum FirstGuess {
    /// Words that mean "log one" in other diaries.
    private static let logVerbs: Set<String> = ["add", "log", "new", "create", "record"]

    /// The refusal of the unknown command `arguments[at]` after `path`, with the line meant, or
    /// nil when it is no first guess nudge knows.
    static func refusal(at: Int, of arguments: [String], after path: [String]) -> String? {
        let word = arguments[at].lowercased()
        let before = Array(arguments[..<at])
        let rest = Array(arguments[(at + 1)...])
        let unknown = "\(path.joined(separator: " ")) has no command '\(CommandLineText.shortened(arguments[at]))'"
        switch path {
        case ["nudge", "symptoms"] where logVerbs.contains(word):
            // `symptoms add` is `log symptom`: the group's word goes with the verb.
            let options = before.indices.filter { $0 != before.lastIndex(of: "symptoms") }.map { before[$0] }
            return loggedSymptom(options + ["log", "symptom"] + rest, unknown: unknown)
        case ["nudge"] where word == "symptom":
            // `nudge symptom log headache`; `nudge symptom --days 3` is the nearest command's.
            guard let next = rest.first else { return nil }
            if logVerbs.contains(next.lowercased()) {
                return loggedSymptom(before + ["log", "symptom"] + rest.dropFirst(), unknown: unknown)
            }
            // `nudge symptom headache --severity 2`: a name where `symptoms` has its commands.
            let named = before + ["log", "symptom"] + rest
            let commands = CommandTree.subcommands(of: "symptoms").map { $0._commandName }
            guard !next.hasPrefix("-"), !commands.contains(next),
                severityMoved(named).contains(where: isLogged) || SuggestedLine.parses(named + ["--severity", "3"])
            else { return nil }
            return loggedSymptom(named, unknown: unknown)
        case ["nudge", "symptoms"] where !word.hasPrefix("-"):
            // `nudge symptoms joint pain 3`: a name with its severity where the commands are.
            let options = before.indices.filter { $0 != before.lastIndex(of: "symptoms") }.map { before[$0] }
            let named = options + ["log", "symptom", arguments[at]] + rest
            let hasSeverity = named.contains { $0 == "--severity" || $0.hasPrefix("--severity=") }
            let candidates = severityMoved(named)
            let subcommands = CommandTree.subcommands(of: "symptoms")
            // `nudge symptoms headache`: a name alone, its severity left to give; not a day
            // (`symptoms today`) or a span (`symptoms 7d`).
            let nameAlone =
                !StrayWord.days.contains(word) && !StrayWord.units.contains(word) && word.first?.isNumber != true
                && SuggestedLine.parses(named + ["--severity", "3"])
            guard hasSeverity || candidates.count > 1 || nameAlone,
                CommandLineCheck.nearest(word, among: subcommands).isEmpty,
                candidates.contains(where: isLogged) || nameAlone
            else { return nil }
            return loggedSymptom(named, unknown: unknown)
        case ["nudge", "settings"] where settingVerb(word) != nil:
            return changedSetting(at: at, of: arguments, unknown: unknown)
        case ["nudge", "settings"] where !word.hasPrefix("-"):
            return setting(arguments[at], before: before, rest: rest, unknown: unknown)
        case ["nudge", "call"] where !word.hasPrefix("-"):
            return loggedCall(arguments[at], before: before, rest: rest, unknown: unknown)
        case ["nudge", "contacts"] where word == "rename":
            return renamedContact(before: before, rest: rest, unknown: unknown)
        default:
            return nil
        }
    }

    /// `nudge log symptom …` with a last number as its severity where none is given.
    private static func loggedSymptom(_ words: [String], unknown: String) -> String {
        let candidates = severityMoved(words)
        let hasSeverity = words.contains { $0 == "--severity" || $0.hasPrefix("--severity=") }
        let logged = "\(unknown); a symptom is logged with nudge log symptom"
        if let taken = candidates.first(where: SuggestedLine.parses) {
            return "\(logged); did you mean: \(SuggestedLine.shown(taken))"
        }
        // `symptoms add joint pain 3`: the line `log symptom` itself offers, checked as it is.
        let meant = "did you mean: nudge "
        if let refusal = CommandLineCheck.refusal(candidates[candidates.count - 1]),
            let line = refusal.range(of: meant)
        {
            return "\(logged); \(refusal[line.lowerBound...])"
        }
        // No line is made up: a severity the person did not give is theirs to choose.
        // After the name, where the line meant would have it.
        let name = (words.firstIndex(of: "symptom") ?? words.count - 1) + 2
        let at = { (severity: String) in
            var line = words
            line.insert(contentsOf: ["--severity", severity], at: min(name, line.count))
            return line
        }
        let whole = !hasSeverity && SuggestedLine.parses(at("3"))
        let shown = SuggestedLine.shown(whole ? at("N") : ["log", "symptom", "NAME", "--severity", "N"])
        let placed = whole ? "" : "the symptom's name in place of NAME and "
        return
            "\(unknown); a symptom is logged with its severity: \(shown), with \(placed)the severity, 1 to 5, in place of N"
    }

    /// Whether `log symptom` takes `words`, or offers them whole, quoted as meant (`'joint pain'`,
    /// `--at 'today 9:00'`).
    private static func isLogged(_ words: [String]) -> Bool {
        SuggestedLine.parses(words)
            || CommandLineCheck.refusal(words)?.contains("did you mean: nudge log symptom ") == true
    }

    /// `words`, and where no severity is given but a last number is, that number as its severity.
    private static func severityMoved(_ words: [String]) -> [[String]] {
        let hasSeverity = words.contains { $0 == "--severity" || $0.hasPrefix("--severity=") }
        guard !hasSeverity, let last = words.lastIndex(where: { Int($0) != nil }), last > 2,
            !words[last - 1].hasPrefix("-")
        else { return [words] }
        var moved = words
        moved.remove(at: last)
        moved.insert(contentsOf: ["--severity", words[last]], at: last)
        return [words, moved]
    }

    /// `settings KEY VALUE` as `settings set KEY VALUE`, `settings KEY` as `settings get KEY`,
    /// where the line is taken: the key as typed, or the one nudge has that it most likely
    /// means (`symptom.remindertime`); several it may mean are named, with no line.
    private static func setting(_ typed: String, before: [String], rest: [String], unknown: String) -> String? {
        let values = rest.indices.filter { !rest[$0].hasPrefix("-") && ($0 == 0 || rest[$0 - 1] != "--store") }
        guard values.count <= 1 else { return nil }
        let keys = SettingKey(rawValue: typed).map { [$0] } ?? SettingKey.meant(by: typed)
        guard let key = keys.first else { return nil }
        let verb = values.isEmpty ? "get" : "set"
        let line = before + [verb, key.rawValue] + rest
        guard SuggestedLine.parses(line) else { return nil }
        // A value the key does not take is refused by `settings set` when typed back: the line
        // with its place, and not the value (a command's may hold a token).
        let value = values.first.map { rest[$0] }
        let taken = { (key: SettingKey) in value.map { (try? key.canonical($0)) != nil } ?? true }
        guard keys.count == 1 else {
            var kept = rest
            if let at = values.first, !keys.allSatisfy(taken) { kept[at] = "VALUE" }
            let shown = SuggestedLine.shown(before + [verb, "KEY"] + kept)
            let done = value == nil ? "read" : "changed"
            return "\(unknown); a setting is \(done) with: \(shown), with \(SettingKey.either(keys)) as KEY"
        }
        guard taken(key) else {
            return "\(unknown); a setting is changed with: nudge settings set \(key.rawValue) VALUE"
        }
        return "\(unknown); did you mean: \(SuggestedLine.shown(line))"
    }

    /// `set` or `reset`: the settings command another program's verb means (`edit`, `unset`).
    private static func settingVerb(_ word: String) -> String? {
        MeantCommand.ownWords(for: word).first { $0 == "set" || $0 == "reset" }
    }

    /// `settings edit KEY VALUE` as `settings set`, `settings unset KEY` as `settings reset`:
    /// the line when it is taken, else how the command is typed, with the key where it is known
    /// (`settings edit symptom.reminder_time` lacks its value; `settings unset` its key).
    private static func changedSetting(at: Int, of arguments: [String], unknown: String) -> String {
        let before = Array(arguments[..<at])
        let rest = Array(arguments[(at + 1)...])
        let verb = settingVerb(arguments[at]) ?? "set"
        let words = rest.indices.filter { !rest[$0].hasPrefix("-") && ($0 == 0 || rest[$0 - 1] != "--store") }
        let typed =
            words.first.map { SettingKey(rawValue: rest[$0]).map { [$0] } ?? SettingKey.meant(by: rest[$0]) } ?? []
        // A value the key does not take is refused when typed back: not offered.
        let value = words.dropFirst().map { rest[$0] }.joined(separator: " ")
        let taken = verb == "reset" || value.isEmpty || typed.count == 1 && (try? typed[0].canonical(value)) != nil
        if taken,
            let meant = MeantCommand.command(
                for: arguments[at], before: before,
                among: CommandTree.subcommands(of: "settings"), rest: rest)
        {
            return "\(unknown); did you mean: \(SuggestedLine.shown(meant))"
        }
        let options = rest.indices.filter { !words.contains($0) }.map { rest[$0] }
        let key = typed.count == 1 ? typed[0].rawValue : "KEY"
        let line = SuggestedLine.shown(before + [verb, key] + (verb == "set" ? ["VALUE"] : []) + options)
        let done = verb == "set" ? "changed" : "returned to its default"
        let which = typed.count > 1 ? ", with \(SettingKey.either(typed)) as KEY" : ""
        let listed = typed.count == 1 ? "" : "; nudge settings lists the keys"
        return "\(unknown); a setting is \(done) with: \(line)\(which)\(listed)"
    }

    /// `call Mum` as `call log Mum`, where Mum names a contact; a word a letter or so from one
    /// of call's commands, or another program's verb for one (`call remove ID` is `call delete
    /// ID`), is left to that command.
    private static func loggedCall(_ typed: String, before: [String], rest: [String], unknown: String) -> String? {
        let commands = CommandTree.subcommands(of: "call").map { $0._commandName }
        guard CommandLineCheck.nearest(typed, among: CommandTree.subcommands(of: "call")).isEmpty,
            !MeantCommand.ownWords(for: typed).contains(where: commands.contains)
        else { return nil }
        let line = before + ["log", typed] + rest
        let usage = "\(unknown); a call is logged with: nudge call log CONTACT"
        guard SuggestedLine.parses(line) else { return usage }
        guard CompletionNames.namesOneContact(storePath: StoreCompletion.storePath(line), typed) else {
            return "\(usage) (no contact matches '\(CommandLineText.shortened(typed))'; nudge contacts list names them)"
        }
        return "\(unknown); a call is logged with nudge call log; did you mean: \(SuggestedLine.shown(line))"
    }

    /// `contacts rename OLD NEW` as `contacts edit OLD --name NEW`, where OLD names a contact.
    private static func renamedContact(before: [String], rest: [String], unknown: String) -> String? {
        let names = rest.indices.filter { !rest[$0].hasPrefix("-") && ($0 == 0 || !rest[$0 - 1].hasPrefix("--store")) }
        let usage = "\(unknown); a contact is renamed with: nudge contacts edit CONTACT --name NAME"
        guard names.count == 2 else { return usage }
        let options = rest.indices.filter { !names.contains($0) }.map { rest[$0] }
        let line = before + ["edit", rest[names[0]], "--name", rest[names[1]]] + options
        // The contact first: `contacts edit` is refused for one not there as for a wrong word.
        guard CompletionNames.namesOneContact(storePath: StoreCompletion.storePath(line), rest[names[0]]) else {
            return "\(usage) (no contact matches '\(CommandLineText.shortened(rest[names[0]]))')"
        }
        guard SuggestedLine.parses(line) else { return usage }
        return "\(unknown); did you mean: \(SuggestedLine.shown(line))"
    }

    /// `symptoms today`, `history 1h`, `symptoms 7d`, `upcoming 5`: a day, a span or a count
    /// typed where a listing takes it as an option, as `--date today`, `--since 1h`, `--days 7`,
    /// `--limit 5`; the first the command takes that parses.
    static func listingOption(_ arguments: [String], positional: [Int], takes: CommandOptions, path: [String])
        -> String?
    {
        guard !takes.hasArguments, positional.count == 1 else { return nil }
        let at = positional[0]
        let word = arguments[at]
        let digits = word.prefix { $0.isASCII && $0.isNumber }
        let unit = word.dropFirst(digits.count).lowercased()
        // A bare number is a count of days where the listing takes no --limit (`meds history 3`).
        let inDays = ["d", "day", "days"].contains(unit) || unit.isEmpty && !takes.all.contains("--limit")
        let days = !digits.isEmpty && inDays ? [["--days", String(digits)]] : []
        let count = Int(word) != nil ? [["--limit", word]] : []
        for option in days + count + [["--date", word], ["--since", word]] where takes.all.contains(option[0]) {
            var line = arguments
            line.replaceSubrange(at...at, with: option)
            guard SuggestedLine.parses(line) else { continue }
            let here = path.joined(separator: " ")
            return
                "\(here) takes '\(CommandLineText.shortened(word))' as \(option[0]); did you mean: \(SuggestedLine.shown(line))"
        }
        return nil
    }

    /// `meditations add yesterday 9:00 20`, `dose 1 22:10`: a command that takes no argument,
    /// given its time (and its length) as words, as `--at 'yesterday 9:00' --minutes 20`; and
    /// `meditations add 20 --at 'yesterday 7:00'`, its length alone, as `--minutes 20`.
    static func optionsNamed(_ arguments: [String], positional: [Int], takes: CommandOptions, path: [String])
        -> String?
    {
        let given = { (option: String) in arguments.contains { $0 == option || $0.hasPrefix(option + "=") } }
        guard !takes.hasArguments, let first = positional.first, takes.all.contains("--at") else { return nil }
        let lengthOption = ["--minutes", "--duration"].first { takes.all.contains($0) }
        var words = positional.map { arguments[$0] }
        var length: [String] = []
        if let option = lengthOption, !given(option), words.count > 1 || given("--at"), let last = words.last,
            last.first?.isNumber == true, !last.contains(":")
        {
            length = [option, last]
            words.removeLast()
        }
        // With its --at given, only a length is read from the words.
        guard given("--at") ? words.isEmpty && !length.isEmpty : !words.isEmpty else { return nil }
        var line = arguments.indices.filter { !positional.contains($0) }.map { arguments[$0] }
        line.insert(contentsOf: (words.isEmpty ? [] : ["--at", words.joined(separator: " ")]) + length, at: first)
        let here = path.joined(separator: " ")
        let said =
            switch (words.isEmpty, length.first) {
            case (true, let option?): "its length as \(option)"
            case (false, let option?): "its time as --at and its length as \(option)"
            case (_, nil): "its time as --at"
            }
        if SuggestedLine.parses(line) { return "\(here) takes \(said); did you mean: \(SuggestedLine.shown(line))" }
        // A line the command would refuse now is not offered: how it is typed, and why in its words.
        let typed = "\(here) --at TIME" + (lengthOption.map { " \($0) N" } ?? "")
        if !length.isEmpty, let refused = SuggestedLine.refusalNow(line) {
            return "\(here) takes \(said) (\(typed)); \(refused)"
        }
        // The length left out is the person's to give: where it goes, with no number made up.
        guard length.isEmpty, let option = lengthOption, !given(option) else { return nil }
        let at = first + 2
        guard SuggestedLine.parses(Array(line[..<at] + [option, "10"] + line[at...])) else {
            return "\(here) takes its time as --at and its length as \(option): \(typed)"
        }
        let shown = SuggestedLine.shown(Array(line[..<at] + [option, "N"] + line[at...]))
        return
            "\(here) takes its time as --at and its length as \(option); give its length: \(shown), with the minutes in place of N"
    }
}
