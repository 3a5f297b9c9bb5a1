/// A word typed beside a command's argument that must not be joined into it: joined, `nudge
/// log symptom headache --severity 3 yesterday` would log a symptom named "headache
/// yesterday", now. Words are joined into a name only when they all come before the first
/// option and none says a time, a day, a unit, a number or an option without its dashes; the
/// first other word is refused with what it could be instead.
struct StrayWord: Error {
    /// The refusal's end: `'yesterday' is not taken here; to log at another time: --at yesterday`.
    let hint: String

    static let days: Set<String> = [
        "today", "tomorrow", "yesterday", "tonight", "noon", "midnight", "ago", "now", "monday", "tuesday",
        "wednesday", "thursday", "friday", "saturday", "sunday",
    ]
    static let units: Set<String> = [
        "s", "sec", "secs", "second", "seconds", "m", "min", "mins", "minute", "minutes", "h", "hr", "hrs", "hour",
        "hours", "d", "day", "days", "w", "week", "weeks", "month", "months",
    ]

    /// Why `words[index]` cannot join the argument, or nil when it may: `firstOption` is the
    /// index of the line's first option.
    static func refusal(
        of index: Int, in words: [String], firstOption: Int, takes: CommandOptions, path: [String]
    ) -> StrayWord? {
        let word = words[index]
        let lowered = word.lowercased()
        let notTaken = "'\(CommandLineText.shortened(word))' is not taken here"
        let value = index > firstOption ? optionValue(before: index, in: words, takes: takes) : nil
        if let (option, number) = value, units.contains(lowered) {
            guard let unit = takes.units[option] else {
                return StrayWord(hint: "\(notTaken); \(option) takes one value: \(option) \(number)")
            }
            // `--delay 5 min` is no `--delay 5`: the example only where the units agree.
            let agrees =
                unit.hasPrefix(lowered.prefix(1)) && lowered.first != "m" || unit == "minutes" && lowered.hasPrefix("m")
            let example = agrees ? ": \(option) \(number)" : ", not \(word)"
            return StrayWord(hint: "\(notTaken); \(option) takes a number of \(unit)\(example)")
        }
        if days.contains(lowered) || lowered.contains(":") {
            guard takes.all.contains("--at") else {
                return StrayWord(hint: "\(notTaken); \(path.joined(separator: " ")) takes no time")
            }
            let doing = path.contains("log") ? "to log at another time" : "to give the time"
            var moved = words
            moved.remove(at: index)
            // Only an example the parser takes now: a day alone is no time to log at.
            let example =
                [word, "\(word) 9:00"].first { SuggestedLine.parses(moved + ["--at", $0]) }
                .map { "--at \(SuggestedLine.quoted($0))" } ?? "--at TIME"
            return StrayWord(hint: "\(notTaken); \(doing): \(example)")
        }
        // `call reminders cancel 1 2`: one id a line, the next on its own.
        if Int(word) != nil, takes.arguments == ["id"] {
            return StrayWord(hint: "\(notTaken); one id at a time: \(path.joined(separator: " ")) \(word) for that one")
        }
        if Double(word) != nil {
            return StrayWord(hint: "\(notTaken); a number goes after its option (\(takes.listed))")
        }
        if takes.all.contains("--" + lowered) {
            return StrayWord(hint: "\(notTaken); the option is --\(lowered)")
        }
        if index > firstOption {
            return StrayWord(hint: "\(notTaken); a name of several words goes in quotes, before the options")
        }
        return nil
    }

    /// The option and value `words[index]` follows (`--in 3` for `--in 3 days`), if it follows one.
    private static func optionValue(before index: Int, in words: [String], takes: CommandOptions) -> (String, String)? {
        let previous = words[index - 1]
        if previous.hasPrefix("--"), let equals = previous.firstIndex(of: "=") {
            return (String(previous[..<equals]), String(previous[previous.index(after: equals)...]))
        }
        guard index >= 2, takes.valued.contains(words[index - 2]) else { return nil }
        return (words[index - 2], previous)
    }
}
