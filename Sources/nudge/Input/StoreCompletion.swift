import ArgumentParser
import Foundation
import NudgeCommands
import NudgeStore
import NudgeSystem

/// Completions from the store the command line being typed names (`--store`), else from the
/// one NUDGE_STORE or the default names, as the command itself would choose.
enum StoreCompletion {
    static let symptomNames = CompletionKind.custom { words, _, prefix in
        forRequestingShell(CompletionNames.symptoms(storePath: storePath(words), prefix: shellUnquoted(prefix)))
    }

    static let contactNames = CompletionKind.custom { words, _, prefix in
        forRequestingShell(CompletionNames.contacts(storePath: storePath(words), prefix: shellUnquoted(prefix)))
    }

    /// bash's script hands the candidates to `compgen -W`, which expands them and removes
    /// quotes (`Alex O'Neil` would come back `Alex ONeil`); ArgumentParser escapes them for zsh
    /// and fish only.
    static func forRequestingShell(_ names: [String]) -> [String] {
        guard CompletionShell.requesting == .bash else { return names }
        return names.map { name in
            var escaped = ""
            for character in name {
                if "\\'\"$`".contains(character) { escaped.append("\\") }
                escaped.append(character)
            }
            return escaped
        }
    }

    /// The words reach nudge as typed, quotes and all.
    static func storePath(_ words: [String]) -> String {
        var option: String?
        for (index, word) in words.enumerated() {
            if word == "--store", index + 1 < words.count { option = words[index + 1] }
            if word.hasPrefix("--store=") { option = String(word.dropFirst("--store=".count)) }
        }
        let variables = CommandEnvironment.current.variables
        var path = option.map(shellUnquoted)
        if let typed = path, typed.hasPrefix("~/"), let home = variables["HOME"] { path = home + typed.dropFirst() }
        return StoreLocation.resolve(option: path, environment: variables)
    }

    /// A word as the shell would pass it on: quotes removed, backslash escapes resolved; an
    /// unclosed quote (the word being typed) is simply dropped.
    static func shellUnquoted(_ word: String) -> String {
        var result = ""
        var quote: Character?
        var escaped = false
        for character in word {
            if escaped {
                result.append(character)
                escaped = false
            } else if let open = quote {
                if character == open {
                    quote = nil
                } else if character == "\\" && open == "\"" {
                    escaped = true
                } else {
                    result.append(character)
                }
            } else if character == "'" || character == "\"" {
                quote = character
            } else if character == "\\" {
                escaped = true
            } else {
                result.append(character)
            }
        }
        return result
    }
}
