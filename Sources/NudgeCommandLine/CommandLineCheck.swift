import ArgumentParser
import NudgeCore

/// What ArgumentParser lets through or says unhelpfully, checked before parsing: a command
/// that does not exist (with the nearest that does), an option the command does not take (with
/// those it takes), and an option given twice (ArgumentParser keeps the last one silently, so
/// `--severity 2 --severity 5` would log a 5).
public enum CommandLineCheck {
    /// A refusal for `arguments` (after the program name), or nil when parsing may go ahead.
    /// `suggesting` false says no "did you mean" (a suggestion's own line is checked so).
    public static func refusal(_ arguments: [String], suggesting: Bool = true) -> String? {
        var command: any ParsableCommand.Type = CommandTree.root
        var path = ["nudge"]
        var index = 0
        var options: [String: Int] = [:]
        // The options of `command`, read from its help when first needed: reading builds the
        // help text, and a command the line passes through with no option needs none.
        var read: CommandOptions?
        func takes() -> CommandOptions {
            let options = read ?? CommandOptions(command)
            read = options
            return options
        }
        // A leaf command's words that are neither options nor their values, by their index.
        var positional: [Int] = []
        // Where options' values are: `--at 9:00`'s second word, `--at=9:00` whole.
        var values: Set<Int> = []
        while index < arguments.count {
            let word = arguments[index]
            index += 1
            if word == "--" {
                positional += arguments.indices[index...]
                break
            }
            if word.hasPrefix("-"), word.count > 1, Double(word) == nil {
                let name = String(word.prefix { $0 != "=" })
                // `nudge symptoms --date D` is its default subcommand's option.
                if !takes().all.contains(name), let implied = command.configuration.defaultSubcommand {
                    command = implied
                    read = nil
                }
                if ["--help", "-h", "--version", "--generate-completion-script", "--experimental-dump-help"].contains(
                    name) || name.hasPrefix("--experimental")
                {
                    return nil
                }
                guard takes().all.contains(name) else {
                    let here = path.joined(separator: " ")
                    // `nudge --store PATH contacts list`: a leading --store is every command's.
                    let offered = path == ["nudge"] ? takes().all.union(["--store"]) : takes().all
                    if suggesting, let meant = MeantCommand.option(for: name, among: offered) {
                        var fixed = arguments
                        fixed[index - 1] = meant + word.dropFirst(name.count)
                        return
                            "\(here) takes no option '\(CommandLineText.shortened(name))'; \(SuggestedLine.didYouMean(fixed, word: meant))"
                    }
                    let refusal = "\(here) takes no option '\(CommandLineText.shortened(name))'; \(takes().listed)"
                    // A negative number may be an argument, where the command takes one.
                    guard !name.hasPrefix("--"), takes().hasArguments, name.dropFirst().first?.isNumber == true else {
                        return refusal
                    }
                    let example =
                        path == ["nudge", "log", "symptom"]
                        ? "nudge log symptom --severity 3 -- \(CommandLineText.shortened(word))"
                        : "\(here) -- \(CommandLineText.shortened(word))"
                    return refusal + "; a value that begins with '-' goes after '--', as in: \(example)"
                }
                options[name, default: 0] += 1
                if options[name] == 2 { return "\(name) is given twice; give it once" }
                // Its value is the next word, whatever it begins with.
                if takes().valued.contains(name) {
                    values.insert(word.contains("=") ? index - 1 : index)
                    if !word.contains("=") { index += 1 }
                }
                continue
            }
            let subcommands = command.configuration.subcommands
            guard !subcommands.isEmpty else {
                positional.append(index - 1)
                continue
            }
            guard let next = subcommands.first(where: { $0._commandName == word }) else {
                let rest = Array(arguments[index...])
                let unknownHere = "\(path.joined(separator: " ")) has no command '\(CommandLineText.shortened(word))'"
                if word.lowercased() == "help" {
                    return suggesting ? MeantCommand.help(after: path, from: command, rest: rest) : unknownHere
                }
                if suggesting, let guessed = FirstGuess.refusal(at: index - 1, of: arguments, after: path) {
                    return guessed
                }
                if suggesting, let other = RemindOrReminders.added(word, at: index - 1, of: arguments, after: path) {
                    return other
                }
                let before = Array(arguments[..<(index - 1)])
                if suggesting,
                    let meant = MeantCommand.command(for: word, before: before, among: subcommands, rest: rest)
                {
                    return "\(unknownHere); did you mean: \(SuggestedLine.shown(meant))"
                }
                // `meds took lithium`, whose line `meds taken lithium` is refused: nudge's word
                // for the verb, without a line that would fail.
                if suggesting,
                    let own = MeantCommand.ownWords(for: word).first(where: { verb in
                        subcommands.contains { $0._commandName == verb }
                    })
                {
                    return "\(unknownHere); did you mean \(path.joined(separator: " ")) \(own)?"
                }
                // `nudge meditate 10m`: the default subcommand's argument, unless it is a
                // subcommand's name mistyped (`nudge contacts lst`).
                if let implied = command.configuration.defaultSubcommand, nearest(word, among: subcommands).isEmpty {
                    command = implied
                    read = nil
                    positional.append(index - 1)
                    continue
                }
                guard suggesting else { return unknownHere }
                return unknown(word, at: index - 1, of: arguments, after: path, among: subcommands)
            }
            command = next
            path.append(word)
            read = nil
        }
        // `meditate 10 --delay 5 min`: a unit after an option's value is that option's, never
        // the length's (it made a 5-second delay of a 5-minute one).
        if let unit = positional.first(where: { values.contains($0 - 1) }), takes().isVariadic,
            StrayWord.units.contains(arguments[unit].lowercased()),
            let stray = StrayWord.refusal(of: unit, in: arguments, firstOption: unit - 1, takes: takes(), path: path)
        {
            return stray.hint
        }
        if suggesting, path == ["nudge", "ack"], let refusal = AckOrder.refusal(arguments, positional: positional) {
            return refusal
        }
        if suggesting, path == ["nudge", "ack"], let refusal = AckOrder.missingAnswer(arguments, positional: positional)
        {
            return refusal
        }
        if suggesting,
            let other = RemindOrReminders.listed(arguments, positional: positional, options: options, path: path)
        {
            return other
        }
        if suggesting,
            let refusal = FirstGuess.optionsNamed(arguments, positional: positional, takes: takes(), path: path)
        {
            return refusal
        }
        if suggesting,
            let refusal = FirstGuess.listingOption(arguments, positional: positional, takes: takes(), path: path)
        {
            return refusal
        }
        if suggesting, let refusal = SnoozeLength.refusal(arguments, positional: positional, path: path) {
            return refusal
        }
        if suggesting, !takes().isVariadic, positional.count > takes().arguments.count {
            return UnquotedWords(
                arguments: arguments, positional: positional, values: values, takes: takes(), path: path
            )
            .refusal
        }
        return nil
    }

    /// `nudge symptom --days 3` → nudge symptoms --days 3; `nudge log headache 3` → the whole
    /// command meant. The word is `arguments[at]`.
    private static func unknown(
        _ word: String, at: Int, of arguments: [String], after path: [String], among subcommands: [ParsableCommand.Type]
    ) -> String {
        let shown = CommandLineText.shortened(word)
        let here = path.joined(separator: " ")
        let rest = arguments[(at + 1)...]
        if path == ["nudge", "log"], let severity = rest.first, Int(severity) != nil {
            let fixed = arguments[..<at] + ["symptom", word, "--severity", severity] + rest.dropFirst()
            return "nudge log takes what is logged first; \(SuggestedLine.didYouMean(Array(fixed), word: "symptom"))"
        }
        let names = subcommands.map { $0._commandName }
        // `dose test alarm`: a hyphenated command typed as two words is both words.
        if let next = rest.first,
            let joined = names.first(where: {
                $0.contains("-") && $0.replacing("-", with: "") == (word + next).lowercased()
            })
        {
            var fixed = arguments
            fixed.replaceSubrange(at...(at + 1), with: [joined])
            return "\(here) has no command '\(shown)'; \(SuggestedLine.didYouMean(fixed, word: joined))"
        }
        let nearest = nearest(word, among: subcommands)
        let typed = word.lowercased()
        // The one the word begins is meant; those it begins with are named beside it.
        if let first = nearest.first, nearest.dropFirst().allSatisfy({ !$0.hasPrefix(typed) }),
            nearest.count == 1 || first.hasPrefix(typed)
        {
            var fixed = arguments
            fixed[at] = first
            let others = nearest.dropFirst().map { "\(here) \($0)" }.joined(separator: ", ")
            let also = others.isEmpty ? "" : " (\(others) is another)"
            return "\(here) has no command '\(shown)'\(also); \(SuggestedLine.didYouMean(fixed, word: first))"
        }
        if let last = nearest.last, nearest.count > 1 {
            let both = nearest.dropLast().joined(separator: ", ") + " or " + last
            return "\(here) has no command '\(shown)'; did you mean \(both)?"
        }
        return "\(here) has no command '\(shown)'; it has \(names.joined(separator: ", ")) (\(here) --help)"
    }

    /// The subcommands a mistyped word most likely meant: the one it begins, else those a letter
    /// or so away, the nearest all (`stauts` is one swap from status), else those it begins.
    /// Several when they are equally near: a suggestion never picks one of two at random.
    static func nearest(_ word: String, among subcommands: [ParsableCommand.Type]) -> [String] {
        let typed = word.lowercased()
        let names = subcommands.map { $0._commandName }
        // The word a person says for a command, nearer in meaning than any in spelling
        // (`medications` is two letters from meditations).
        if let meant = spokenNames[typed], names.contains(meant) { return [meant] }
        return NearestWords.to(typed, among: names)
    }
}

extension CommandLineCheck {
    /// The words people type for a command whose name is another.
    static let spokenNames = [
        "medications": "meds", "medication": "meds", "medicine": "meds", "medicines": "meds", "pills": "meds",
        "pill": "meds", "med": "meds",
    ]
}
