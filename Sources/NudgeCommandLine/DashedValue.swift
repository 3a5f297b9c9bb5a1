/// A time option's value that begins with `-` (`--at -2h`, `--since '-1h'`, `--date -1`), or an
/// amount's (`--dose -5mg`, `--severity -3`): ArgumentParser reads such a word as an option and
/// answers in its own words ("Missing value", "Unknown option"). A time or an amount never
/// begins with an option's dashes, so the word is the option's value, joined to it as
/// `--at=-2h`: nudge reads it, and understands it or refuses it in its own words, as every other
/// value of that option.
public enum DashedValue {
    /// The options whose value is a time, a day, a span or an amount.
    static let options: Set<String> = [
        "--at", "--since", "--from", "--to", "--on", "--date", "--in", "--until", "--every", "--days",
        "--dose", "--severity", "--duration", "--count", "--delay", "--interval",
    ]

    /// `arguments` with each such option followed by a word beginning with one `-` joined to it;
    /// nothing after `--`, which ends the options, is changed.
    public static func joined(_ arguments: [String]) -> [String] {
        var joined: [String] = []
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            index += 1
            if word == "--" {
                joined += arguments[(index - 1)...]
                break
            }
            if options.contains(word), index < arguments.count, arguments[index].hasPrefix("-"),
                !arguments[index].hasPrefix("--")
            {
                joined.append("\(word)=\(arguments[index])")
                index += 1
            } else {
                joined.append(word)
            }
        }
        return joined
    }
}
