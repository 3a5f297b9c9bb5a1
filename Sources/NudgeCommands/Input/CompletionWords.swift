import NudgeSystem

/// The command line a shell asks completions for, read as the command itself would read it.
public enum CompletionWords {
    /// The store the words name (`--store`), else the one NUDGE_STORE or the default names.
    /// The words reach nudge as typed, quotes and all.
    public static func storePath(_ words: [String], environment variables: [String: String]) -> String {
        var option: String?
        for (index, word) in words.enumerated() {
            if word == "--store", index + 1 < words.count { option = words[index + 1] }
            if word.hasPrefix("--store=") { option = String(word.dropFirst("--store=".count)) }
        }
        var path = option.map(shellUnquoted)
        if let typed = path, typed.hasPrefix("~/"), let home = variables["HOME"] { path = home + typed.dropFirst() }
        return StoreLocation.resolve(option: path, environment: variables)
    }

    /// Candidates for bash, whose script hands them to `compgen -W`, which expands them and
    /// removes quotes (`Alex O'Neil` would come back `Alex ONeil`).
    public static func escapedForBash(_ names: [String]) -> [String] {
        names.map { name in
            var escaped = ""
            for character in name {
                if "\\'\"$`".contains(character) { escaped.append("\\") }
                escaped.append(character)
            }
            return escaped
        }
    }

    /// A word as the shell would pass it on: quotes removed, backslash escapes resolved; an
    /// unclosed quote (the word being typed) is simply dropped.
    public static func shellUnquoted(_ word: String) -> String {
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
