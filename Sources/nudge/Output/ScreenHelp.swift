import ArgumentParser
import NudgeCommands
import NudgeReports

/// `nudge --help` (and `nudge` alone): what nudge is in one line, then how to use it and its
/// commands, a line each, on one 24-line screen at 80 columns, as wide as the terminal
/// (`CommandEnvironment.width`; narrower, the abstracts wrap). What nudge does at length, its
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

    /// A command's abstract as the screen says it, the same at every width: up to its first
    /// "; " or " (" (what follows is the command's own --help), without its period. Where the
    /// screen is narrow it is wrapped, never shortened: a list cut at a comma ("Check what
    /// notifications need: bus") says something else.
    static func summary(_ abstract: String) -> String {
        var text = abstract.hasSuffix(".") ? String(abstract.dropLast()) : abstract
        for separator in ["; ", " ("] { text = text.components(separatedBy: separator)[0] }
        return text
    }

    static func text(width: Int) -> String {
        // A command's further lines under its abstract's first; under 40 columns, where that
        // left a word a line, the abstract goes under the command's name.
        let commands = Nudge.configuration.subcommands.filter { $0.configuration.shouldDisplay }.flatMap { command in
            let (name, abstract) = (command._commandName, summary(command.configuration.abstract))
            guard width >= 40 else {
                return ["  " + name] + TextWrap.narrow(abstract, width: width - 4).map { "    " + $0 }
            }
            return DisplayWidth.wrapped(abstract, width - 15).enumerated().map { index, line in
                "  \(DisplayWidth.fitted(index == 0 ? name : "", 12)) \(line)"
            }
        }
        // One line each at 80 columns: the screen is 24 lines there, the last under the
        // commands without a blank line (the person's own reminders took it).
        let usage = "USAGE: nudge <command> [<options>]; <command> is one of:"
        let more = "'nudge <command> --help' for its options, 'man nudge' for examples and more."
        return
            (DisplayWidth.wrapped(Nudge.configuration.abstract, width) + [""] + DisplayWidth.wrapped(usage, width)
            + commands + DisplayWidth.wrapped(more, width)).joined(separator: "\n") + "\n"
    }
}
