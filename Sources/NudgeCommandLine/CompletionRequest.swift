/// A shell asking for the candidates of a custom completion, as the generated scripts do:
/// `---completion SUBCOMMANDS -- ARGUMENT WORD_INDEX CURSOR_INDEX WORDS...`.
public enum CompletionRequest {
    /// fish 3 knows no cursor inside `complete -C 'LINE'` (what fzf-style completion plugins
    /// call), so its script passes no CURSOR_INDEX and ArgumentParser answers with an internal
    /// error. The cursor is then at the end of the word being completed.
    public static func withCursorIndex(_ arguments: [String]) -> [String] {
        guard arguments.first == "---completion", let terminator = arguments.firstIndex(of: "--"),
            terminator + 3 < arguments.count,
            let wordIndex = Int(arguments[terminator + 2]), Int(arguments[terminator + 3]) == nil
        else { return arguments }
        let words = arguments[(terminator + 3)...]
        var repaired = arguments
        repaired.insert(String((words.dropFirst(wordIndex).first ?? "").count), at: terminator + 3)
        return repaired
    }
}
