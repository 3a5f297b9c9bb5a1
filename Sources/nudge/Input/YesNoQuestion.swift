import Foundation

extension CommandContext {
    /// Asks on the terminal; Enter, or the end of input, is `byDefault`. Only the opposite
    /// answer (`n`/`no`, or `y`/`yes`) overrides it.
    func answersYes(_ question: String, byDefault: Bool) -> Bool {
        environment.output("\(question) \(byDefault ? "[Y/n]" : "[y/N]") ")
        guard let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased(), !answer.isEmpty else {
            return byDefault
        }
        return byDefault ? !["n", "no"].contains(answer) : ["y", "yes"].contains(answer)
    }

    enum DraftChoice { case continueIt, startAgain, keepIt }

    /// What to do with a draft a closed terminal or a failed editor left: continue it (the
    /// default), or start again, only when a second question says so; otherwise it is kept.
    func choice(aboutDraft question: String) -> DraftChoice {
        if answersYes(question, byDefault: true) { return .continueIt }
        return answersYes("Discard what was written then, and start again?", byDefault: false) ? .startAgain : .keepIt
    }

    /// Whether to go on with deleting `what`: yes with `--yes`; otherwise asked on a terminal
    /// (anything but y or yes declines, and says nothing was deleted), and refused off one,
    /// where nobody could answer.
    func consentsToDelete(_ what: String, cannotBeUndone: Bool, yes: Bool) throws -> Bool {
        if yes { return true }
        guard environment.isTerminal, isatty(STDIN_FILENO) == 1 else {
            throw CommandFailure("deleting \(what) needs --yes when nudge cannot ask on a terminal", exitCode: 64)
        }
        guard answersYes("Delete \(what)?\(cannotBeUndone ? " This cannot be undone." : "")", byDefault: false) else {
            print("nothing deleted")
            return false
        }
        return true
    }
}
