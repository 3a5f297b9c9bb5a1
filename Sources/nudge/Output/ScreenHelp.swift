import ArgumentParser
import NudgeCommands
import NudgeReports

/// `nudge --help` (and `nudge` alone): what nudge is in one line, then how to use it and its
/// commands, a line each, on one 24-line screen as wide as the terminal (`CommandEnvironment.width`). What nudge does at length, its
/// exit statuses, examples, environment and files are the manual's (`man nudge`).
enum ScreenHelp {
    /// Whether a command line asks for this screen rather than a command's help: nothing but
    /// --help or -h, or nothing at all, besides a store.
    static func isAsked(_ arguments: [String]) -> Bool {
        var rest = arguments[...]
        var words: [String] = []
        while let word = rest.popFirst() {
            if word == "--store" {
                _ = rest.popFirst()
            } else if !word.hasPrefix("--store=") {
                words.append(word)
            }
        }
        return words.isEmpty || words == ["--help"] || words == ["-h"]
    }

    /// An abstract in `width` columns, without its period: up to its first "; " or " (", then
    /// without its last ", ..." parts while it is too wide ("Put a backup back in place of the
    /// store") and what is left says something (not "Read" of "Read, correct and export"), else
    /// wrapped over lines: a word is never cut.
    static func short(_ abstract: String, _ width: Int) -> [String] {
        var text = abstract.hasSuffix(".") ? String(abstract.dropLast()) : abstract
        for separator in ["; ", " ("] { text = text.components(separatedBy: separator)[0] }
        while DisplayWidth.of(text) > width, let comma = text.range(of: ", ", options: .backwards),
            text[..<comma.lowerBound].split(separator: " ").count >= 4
        {
            text = String(text[..<comma.lowerBound])
        }
        return DisplayWidth.wrapped(text, width)
    }

    static func text(width: Int) -> String {
        // A command's further lines under its abstract's first.
        let commands = Nudge.configuration.subcommands.flatMap { command in
            Self.short(command.configuration.abstract, width - 15).enumerated().map { index, line in
                "  \(DisplayWidth.fitted(index == 0 ? command._commandName : "", 12)) \(line)"
            }
        }
        // Short enough for 24 lines at 60 columns.
        let usage = "USAGE: nudge <command> [<options>]; <command> is one of:"
        let more =
            "'nudge <command> --help' gives its options; 'man nudge' gives examples, the environment, files and exit statuses."
        return
            (DisplayWidth.wrapped(Nudge.configuration.abstract, width) + [""] + DisplayWidth.wrapped(usage, width)
            + commands + [""] + DisplayWidth.wrapped(more, width)).joined(separator: "\n") + "\n"
    }
}
