/// A word as a person types it back into a shell: what nudge offers to copy is taken as shown.
public enum ShellWord {
    /// `word` as the shell gives it back unchanged: bare when it holds nothing the shell reads
    /// (letters, digits, `-_./:,+=@%`), else in single quotes (double ones for a word with an
    /// apostrophe and nothing a double-quoted word expands).
    public static func quoted(_ word: String) -> String {
        let plain = { (character: Character) in
            character.isLetter || character.isNumber || "-_./:,+=@%".contains(character)
        }
        if !word.isEmpty, word.allSatisfy(plain), !word.hasPrefix("=") { return word }
        guard word.contains("'") else { return "'\(word)'" }
        if !word.contains(where: { "$`\\\"!".contains($0) }) { return "\"\(word)\"" }
        return "'" + word.replacing("'", with: #"'\''"#) + "'"
    }
}
