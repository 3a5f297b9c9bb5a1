import Foundation
import NudgeReports

/// The raw command line, checked before parsing, and hints for what ArgumentParser says.
public enum CommandLineText {
    /// The arguments after the program name; one that is not valid UTF-8 is refused rather than
    /// stored with replacement characters (Swift's `CommandLine.arguments` repairs it silently),
    /// named by its position: it may be a journal's text.
    public static func arguments() throws -> [String] {
        try (1..<Int(CommandLine.argc)).map { index in
            guard let pointer = CommandLine.unsafeArgv[index] else { return "" }
            guard let text = String(validatingCString: pointer) else {
                throw CommandFailure("argument \(index) is not valid UTF-8; give it in UTF-8", exitCode: 64)
            }
            return text
        }
    }

    /// ArgumentParser's message as one line: its first, and for a closed set the accepted
    /// values (listed on lines of their own from six on) as nudge says them.
    public static func oneLine(_ message: String) -> String {
        let lines = message.split(separator: "\n").map(String.init)
        var first = lines.first ?? message
        if first.hasPrefix("Error: ") { first.removeFirst(7) }
        let bulleted = ". Please provide one of the following:"
        if first.hasSuffix(bulleted) {
            let values = lines.dropFirst().prefix { $0.hasPrefix("  - ") }.map { "'\($0.dropFirst(4))'" }
            first = String(first.dropLast(bulleted.count))
            if let last = values.last {
                first += ". Please provide one of \(values.dropLast().joined(separator: ", ")) or \(last)."
            }
        }
        if let range = first.range(of: ". Please provide one of ") {
            // ArgumentParser joins two values with "and"; either one is meant.
            let values = first[range.upperBound...].dropLast(first.hasSuffix(".") ? 1 : 0)
                .replacing(/^('[^']*') and ('[^']*')$/) { "\($0.1) or \($0.2)" }
            let oneOf = values.contains(" or ") ? "one of " : ""
            first = first[..<range.lowerBound] + ": not accepted; give " + oneOf + values
        }
        // "The value 'x' is invalid for '<key>': unknown settings key 'x'; …": nudge's own refusal
        // of a positional argument names what was typed.
        if let refusal = first.wholeMatch(of: /The value .* is invalid for '<[^>]*>': (.*)/) {
            return String(refusal.1)
        }
        // "The value 'x' is invalid for '--at <at>': not a time; give …" as nudge says it.
        guard let value = first.wholeMatch(of: /The value (.*) is invalid for '(-[^ ']+)(?: <[^>]*>)?': (.*)/) else {
            return first
        }
        return "\(value.2) \(value.1) is \(value.3)"
    }

    /// What was typed, as a refusal repeats it: on one line (a newline or other control
    /// character shown escaped) and at most 80 characters (a pasted page is not echoed whole).
    public static func shortened(_ typed: some StringProtocol) -> String {
        var shown = ""
        for scalar in typed.unicodeScalars.prefix(81) {
            switch scalar {
            case "\n": shown += "\\n"
            case "\t": shown += "\\t"
            case "\r": shown += "\\r"
            default:
                shown +=
                    scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format
                    ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
            }
        }
        return typed.unicodeScalars.count > 80 ? String(shown.unicodeScalars.prefix(80)) + "…" : shown
    }

    /// Every quoted word of a refusal as `shortened(_:)` shows it. A quote opens after no letter
    /// or digit and closes before none: the apostrophes of "the store's … the backup's" are
    /// prose, not a quoted word to cut.
    public static func shortenedQuotes(_ message: String) -> String {
        message.replacing(/(^|[^\p{L}\p{N}])'([^']*)'(?=$|[^\p{L}\p{N}])/) { "\($0.1)'\(shortened($0.2))'" }
    }

    /// A value that begins with `-` reads as an option; say how to give one (a time option's
    /// needs no hint: nudge reads it as given).
    public static func hint(for message: String, arguments: [String]) -> String? {
        if let unexpected = UnexpectedWord.hint(for: message, arguments: arguments) { return unexpected }
        let dashed = DashedValue.joined(arguments).prefix { $0 != "--" }.first {
            $0.hasPrefix("-") && !$0.hasPrefix("--") && Int($0) == nil
        }
        if message.hasPrefix("Missing value for '"),
            let option = message.split(separator: "'").dropFirst().first?.split(separator: " ").first
        {
            // Only when the word after it begins with '-': with nothing after it, it was left out.
            guard let at = arguments.firstIndex(of: String(option)), at + 1 < arguments.count,
                arguments[at + 1].hasPrefix("-")
            else { return nil }
            return "a value that begins with '-' is given as \(option)=VALUE"
        }
        guard dashed != nil || message.hasPrefix("Unknown option") else { return nil }
        return "a value that begins with '-' goes after '--', as in: nudge log symptom --severity 3 -- -dizzy"
    }
}
