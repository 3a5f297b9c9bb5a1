import ArgumentParser
import NudgeCommands
import NudgeCore

/// A "did you mean" as a command line to copy: the words typed, with only the wrong one fixed,
/// offered only when the parser takes them (a suggestion that fails when typed sends a person
/// round in circles), and shown as the shell reads it back.
public enum SuggestedLine {
    /// The options whose value is a person's own words (notes, the journal's texts): a
    /// suggestion says `TEXT` in their place, as a refusal names the option and not the text.
    /// A call reminder's `--note` is what its notification shows, typed to be seen: kept.
    public static let textOptions: Set<String> = [
        "--notes", "--text", "--reason", "--search", "--dose", "--intentions", "--environment", "--music",
    ]

    /// Whether `option`'s value is a person's own words in `command`: the journal's `--dose` is
    /// free text about a session, a medication's (`nudge meds`) is an amount, typed to be kept.
    static func isTextOption(_ option: String, command: String?) -> Bool {
        textOptions.contains(option) && !(option == "--dose" && command == "meds")
    }

    /// `did you mean: nudge …` for `fixed` (the words after `nudge`), or, when the parser would
    /// refuse them too, only the word that was wrong: `did you mean --limit?`.
    static func didYouMean(_ fixed: [String], word: String) -> String {
        parses(fixed) ? "did you mean: \(shown(fixed))" : "did you mean \(word)?"
    }

    /// Whether `arguments` (after the program name) pass nudge's own checks and ArgumentParser's,
    /// validation included, and, for a command that checks its time or the store when it runs
    /// (an answer, a reminder, a session), would be taken now; a line that asks for help passes.
    public static func parses(_ typed: [String]) -> Bool { refusal(typed) == nil }

    /// Why `typed` would be refused as it stands, in the parser's or the command's words, or nil
    /// when it would be taken.
    static func refusal(_ typed: [String]) -> String? {
        let arguments = GlobalOptions.movingLeadingStore(typed[...])
        if let refusal = CommandLineCheck.refusal(arguments, suggesting: false) { return refusal }
        do {
            let command = try CommandTree.root.parseAsRoot(arguments)
            guard let checked = command as? any CheckedBeforeOffered else { return nil }
            return checked.refusal(CommandContext(storeOption: checked.global.store))
        } catch {
            guard CommandTree.root.exitCode(for: error) != .success else { return nil }
            return CommandLineText.oneLine(CommandTree.root.message(for: error))
        }
    }

    /// Why the command would refuse `typed` now when the parser and nudge's own checks take it
    /// (a session that would overlap one recorded, or has not ended), in the command's words;
    /// nil when it would be taken, or is refused before it runs.
    public static func refusalNow(_ typed: [String]) -> String? {
        let arguments = GlobalOptions.movingLeadingStore(typed[...])
        guard CommandLineCheck.refusal(arguments, suggesting: false) == nil,
            let checked = (try? CommandTree.root.parseAsRoot(arguments)) as? any CheckedBeforeOffered
        else { return nil }
        return checked.refusal(CommandContext(storeOption: checked.global.store))
    }

    /// Why `nudge ack` would refuse `arguments` that parse, from the store as it is now (an
    /// answer the delivery does not take, or no longer), or nil.
    static func answerRefusal(_ arguments: [String]) -> String? {
        guard let ack = try? CommandTree.root.parseAsRoot(arguments) as? any CheckedBeforeOffered,
            type(of: ack)._commandName == "ack"
        else { return nil }
        return ack.refusal(CommandContext(storeOption: ack.global.store))
    }

    /// `nudge` and the words as the shell reads them back: a text option's value as `TEXT`, and
    /// a word that cannot be shown exactly on one short line (a newline, 80 characters) as
    /// `WORD`, the place where it goes.
    public static func shown(_ arguments: [String]) -> String {
        var words = ["nudge"]
        var previous = ""
        let isText = { (option: String) in isTextOption(option, command: arguments.first) }
        for word in arguments {
            let name = String(word.prefix { $0 != "=" })
            if word.hasPrefix("--"), word.contains("="), isText(name) {
                words.append("\(name)=TEXT")
            } else if isText(previous) {
                words.append("TEXT")
            } else if CommandLineText.shortened(word) != word {
                words.append("WORD")
            } else {
                words.append(quoted(word))
            }
            previous = word
        }
        return words.joined(separator: " ")
    }

    /// `word` as the shell gives it back unchanged (`ShellWord`).
    static func quoted(_ word: String) -> String { ShellWord.quoted(word) }
}
