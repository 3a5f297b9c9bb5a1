import ArgumentParser
import NudgeCommands
import NudgeStore

/// Completions from the store the command line being typed names (`--store`), else from the
/// one NUDGE_STORE or the default names, as the command itself would choose.
public enum StoreCompletion {
    public static let symptomNames = CompletionKind.custom { words, _, prefix in
        forRequestingShell(
            CompletionNames.symptoms(storePath: storePath(words), prefix: CompletionWords.shellUnquoted(prefix)))
    }

    public static let contactNames = CompletionKind.custom { words, _, prefix in
        forRequestingShell(
            CompletionNames.contacts(storePath: storePath(words), prefix: CompletionWords.shellUnquoted(prefix)))
    }

    /// ArgumentParser escapes the candidates for zsh and fish only.
    private static func forRequestingShell(_ names: [String]) -> [String] {
        CompletionShell.requesting == .bash ? CompletionWords.escapedForBash(names) : names
    }

    /// The store the words name, as the command would choose it.
    static func storePath(_ words: [String]) -> String {
        CompletionWords.storePath(words, environment: CommandEnvironment.current.variables)
    }
}
