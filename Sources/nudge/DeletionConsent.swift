import Foundation

extension CommandContext {
    /// Whether to go on with deleting `what`: yes with `--yes`; otherwise asked on a terminal
    /// (anything but y or yes declines, and says nothing was deleted), and refused off one,
    /// where nobody could answer.
    func consentsToDelete(_ what: String, cannotBeUndone: Bool, yes: Bool) throws -> Bool {
        if yes { return true }
        guard environment.isTerminal, isatty(STDIN_FILENO) == 1 else {
            throw CommandFailure("deleting \(what) needs --yes when nudge cannot ask on a terminal", exitCode: 64)
        }
        environment.output("Delete \(what)?\(cannotBeUndone ? " This cannot be undone." : "") [y/N] ")
        guard let answer = readLine(), ["y", "yes"].contains(answer.trimmingCharacters(in: .whitespaces).lowercased()) else {
            print("nothing deleted")
            return false
        }
        return true
    }
}
