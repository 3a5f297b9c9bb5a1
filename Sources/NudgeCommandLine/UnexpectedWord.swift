import ArgumentParser

/// ArgumentParser's "Unexpected argument 'extra'" for a command that takes no words (hostile
/// round 31 of issue 42: `meds list extra` was told only that): which command takes none, and
/// the line that runs it.
enum UnexpectedWord {
    /// What follows `message` for `arguments` (after the program name), or nil when the command
    /// takes words and ArgumentParser's own says which was one too many.
    static func hint(for message: String, arguments: [String]) -> String? {
        guard message.hasPrefix("Unexpected argument '") else { return nil }
        let (command, path) = MissingWord.command(arguments)
        guard path.count > 1, !CommandOptions(command).hasArguments else { return nil }
        return "\(path.dropFirst().joined(separator: " ")) takes no words; to run it: \(path.joined(separator: " "))"
    }
}
