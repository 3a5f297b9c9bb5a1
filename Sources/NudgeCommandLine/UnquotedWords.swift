import NudgeCore
import NudgeStore

/// Words a person typed without the quotes that make them one value: `nudge log symptom joint
/// pain 3`, `--at monday 9:00`. The line meant is the first of these the parser takes: each
/// word left over after an option's value joined to it (`--at 'monday 9:00'`); that and the
/// command's argument of all the words left (`'joint pain'`, and for `log symptom` a last
/// number as its `--severity`); the argument of all the words.
struct UnquotedWords {
    /// The words after `nudge`.
    let arguments: [String]
    /// The indices of the words that are neither options nor options' values.
    let positional: [Int]
    /// The indices of options' values (`--at=9:00` whole).
    let values: Set<Int>
    let takes: CommandOptions
    let path: [String]

    /// The refusal with the line meant, or with the word that may not be joined to the
    /// argument, or nil when no line parses: the parser says what is wrong.
    var refusal: String? {
        let here = path.joined(separator: " ")
        let joined = joinedToOptions
        let candidates: [(line: Result<[String], StrayWord>, option: String?)?] = [
            joined.map { (.success($0.words), $0.option) },
            joined.flatMap { joined in
                lastArgument(joined.words, positional: joined.left).map { ($0, joined.option) }
            },
            lastArgument(arguments, positional: positional).map { ($0, nil) },
        ]
        let last = takes.arguments.last?.uppercased() ?? ""
        let what = "\(here) takes one \(last)"
        var stray: StrayWord?
        var joinedRefused: String?
        for (number, candidate) in candidates.enumerated() {
            guard let candidate else { continue }
            guard case .success(let words) = candidate.line else {
                if case .failure(let refused) = candidate.line { stray = stray ?? refused }
                continue
            }
            if let refused = SuggestedLine.refusal(words) {
                // `ack 3 snooze it`: the answer joined is none the delivery takes now.
                if let refused = SuggestedLine.answerRefusal(words) { stray = stray ?? StrayWord(hint: refused) }
                if number == 0, let option = candidate.option { joinedRefused = Self.joined(option, words, refused) }
                continue
            }
            let subject =
                switch (candidate.option, number) {
                case (let option?, 1): "\(what) and \(option) one value"
                case (let option?, _): "\(option) takes one value"
                case (nil, _): what
                }
            return "\(subject), in quotes when it has several words; did you mean: \(SuggestedLine.shown(words))"
        }
        return joinedRefused ?? stray.map { "\(what); \($0.hint)" }
    }

    /// A number and its unit (or a time ago: `1h ago`) joined to `option` make a line refused
    /// for `refusal`: that refusal
    /// alone where it is the value's (`--dose '5 min' is not a dose`), else both, so that no
    /// line is offered that would then be refused (`--custom` missing). Other words joined are
    /// more likely misplaced than the option's: nil, for what the words say.
    private static func joined(_ option: String, _ words: [String], _ refusal: String) -> String? {
        guard let index = words.firstIndex(of: option), index + 1 < words.count else { return nil }
        let value = words[index + 1]
        // `--at 10 pm`, refused when 22:00 is past a dose's 12 hours: that refusal, not the parser's.
        let units = StrayWord.units.union(["mg", "g", "ago", "am", "pm"])
        guard value.split(separator: " ").dropFirst().allSatisfy({ units.contains($0.lowercased()) }) else {
            return nil
        }
        if refusal.contains("\(option) \(SuggestedLine.quoted(value))") || refusal.contains("\(option) '\(value)'") {
            return refusal
        }
        // A person's own words are never repeated (`--notes TEXT`).
        let shown = SuggestedLine.isTextOption(option, command: words.first) ? "TEXT" : SuggestedLine.quoted(value)
        let given = "\(option) \(shown)"
        return "\(option) takes one value, in quotes when it has several words (\(given)); and \(refusal)"
    }

    /// Each word that follows an option's value (or such a word) joined to that value, and the
    /// indices of the positional words left; nil when there is no such word.
    private var joinedToOptions: (words: [String], left: [Int], option: String)? {
        var words = arguments
        var target: [Int: Int] = [:]
        var left: [Int] = []
        var option: String?
        // A store's path is typed quoted, or escaped by completion: the words after it are
        // another option's or the argument's (a journal's text, never to be repeated).
        let joinable = values.filter { value in
            !arguments[value].hasPrefix("--store=") && (value == 0 || arguments[value - 1] != "--store")
        }
        for index in positional {
            if let value = target[index - 1] ?? (joinable.contains(index - 1) ? index - 1 : nil) {
                target[index] = value
                words[value] += " " + arguments[index]
                // `--at 9:00`'s option is the word before; `--at=9:00` holds its own.
                let named = arguments[value].hasPrefix("--") && arguments[value].contains("=") ? value : value - 1
                option = option ?? String(arguments[named].prefix { $0 != "=" })
            } else {
                left.append(index)
            }
        }
        guard let option else { return nil }
        let removed = Set(target.keys)
        // The indices of the words left, in the line without the joined words.
        let shifted = left.map { index in index - removed.filter { $0 < index }.count }
        return (words.indices.filter { !removed.contains($0) }.map { words[$0] }, shifted, option)
    }

    /// The command's last argument of all the positional words past the others, at the first
    /// one's place (`ack 5 remind me tomorrow`); for `log symptom` without `--severity`, a last
    /// number is its severity (`joint pain 3`). A name takes only words before the first option
    /// that say no time, unit, number or option, and names a contact that exists where it is one.
    private func lastArgument(_ words: [String], positional: [Int]) -> Result<[String], StrayWord>? {
        let count = takes.arguments.count
        guard count > 0, positional.count > count else { return positional.count <= count ? .success(words) : nil }
        var joined = Array(positional.dropFirst(count - 1))
        let first = joined[0]
        var severity: [String] = []
        let hasSeverity = words.contains { $0 == "--severity" || $0.hasPrefix("--severity=") }
        if path == ["nudge", "log", "symptom"], !hasSeverity, let last = joined.last, Int(words[last]) != nil {
            severity = ["--severity", words[last]]
            joined.removeLast()
        }
        var name = joined.map { words[$0] }.joined(separator: " ")
        // `ack 3 im awake`: the answer's id, which ack takes however its label was typed.
        if takes.arguments.last == "answer", OfferedAnswers.isAwake(name) { name = NotificationAction.awake.key }
        // An answer is a button's label in words (`remind me tomorrow`), not a name.
        if takes.arguments.last != "answer" {
            let firstOption = words.firstIndex { $0.hasPrefix("-") && $0.count > 1 && Double($0) == nil } ?? words.count
            // An id is one word whatever it looks like: `journal reflect 9052 felt lighter`'s
            // 9052 is a session's id prefix, not a number misplaced.
            for index in joined where index != first || takes.arguments.last != "id" {
                if let refused = StrayWord.refusal(
                    of: index, in: words, firstOption: firstOption, takes: takes, path: path)
                {
                    return .failure(refused)
                }
            }
        }
        if takes.arguments.last == "contact",
            !CompletionNames.namesOneContact(storePath: StoreCompletion.storePath(words), name)
        {
            let shown = CommandLineText.shortened(name)
            return .failure(StrayWord(hint: "no contact matches '\(shown)' ('nudge contacts list' shows them)"))
        }
        // The words joined and the severity all come after the name's first word.
        let removed = Set(joined.dropFirst()).union(severity.isEmpty ? [] : [positional[positional.count - 1]])
        var fixed = words.indices.filter { !removed.contains($0) }.map { words[$0] }
        fixed[first] = name
        fixed.insert(contentsOf: severity, at: first + 1)
        return .success(fixed)
    }
}
