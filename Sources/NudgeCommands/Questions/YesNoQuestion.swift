import Foundation

extension CommandContext {
    /// Asks on the terminal; Enter, or the end of input, is `byDefault`. Only the opposite
    /// answer (`n`/`no`, or `y`/`yes`) overrides it.
    public func answersYes(_ question: String, byDefault: Bool) -> Bool {
        environment.output("\(question) \(byDefault ? "[Y/n]" : "[y/N]") ")
        guard let line = readLine() else {
            // Ctrl-D ends the input without a newline: end the prompt's line, so that what
            // follows is not printed after the question.
            environment.output("\n")
            return byDefault
        }
        let answer = line.trimmingCharacters(in: .whitespaces).lowercased()
        guard !answer.isEmpty else { return byDefault }
        return byDefault ? !["n", "no"].contains(answer) : ["y", "yes"].contains(answer)
    }

    public enum DraftChoice { case continueIt, startAgain, keepIt }

    /// What to do with a draft a closed terminal or a failed editor left: continue it (the
    /// default), or start again, only when a second question says so; otherwise it is kept.
    public func choice(aboutDraft question: String) -> DraftChoice {
        if answersYes(question, byDefault: true) { return .continueIt }
        return answersYes("Discard what was written then, and start again?", byDefault: false) ? .startAgain : .keepIt
    }
}
