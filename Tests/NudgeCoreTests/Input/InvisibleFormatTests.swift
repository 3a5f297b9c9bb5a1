import NudgeCore
import Testing

/// A name with a format character no script needs is refused, at its character, never
/// echoed (hostile round of issue 40 after A14, Medium 3: `Sa\u{AD}m` and `Sa\u{200D}m` were a
/// second contact that looks like `Sam`); the joiners a script or an emoji needs are kept.
struct InvisibleFormatTests {
    func refusal(_ name: String) -> String? {
        do {
            try TextInput.validateName(name, what: "contact name", example: "Alex", limit: 200)
            return nil
        } catch {
            return error.description
        }
    }

    @Test(arguments: [
        ("Sa\u{AD}m", "U+00AD", 3), ("Sa\u{200D}m", "U+200D", 3), ("Sa\u{200C}m", "U+200C", 3),
        ("Sam\u{200B}", "U+200B", 4), ("\u{2060}Sam", "U+2060", 1), ("Zoë\u{AD}", "U+00AD", 4),
        ("Head\u{202E}ache", "U+202E", 5), ("Sam \u{200D}\u{1F469}", "U+200D", 5),
        ("\u{1F469}\u{200D}Sam", "U+200D", 2), ("\u{E0067}Sam", "U+E0067", 1), ("Sam\u{FEFF}", "U+FEFF", 4),
    ])
    func aFormatCharacterNoScriptNeedsIsRefusedAtItsCharacter(name: String, code: String, position: Int) {
        #expect(
            refusal(name)
                == "the contact name contains an invisible formatting character (\(code)) at character \(position); give it without one"
        )
    }

    @Test(arguments: [
        // Persian: the non-joiner between letters.
        "\u{645}\u{6CC}\u{200C}\u{62E}\u{648}\u{627}\u{647}\u{645}",
        // Devanagari and Malayalam conjuncts with a joiner after the virama.
        "\u{915}\u{94D}\u{200D}\u{937}", "\u{D28}\u{D4D}\u{200D}",
        // Emoji sequences: woman technologist, with a skin tone, and a family.
        "Sam \u{1F469}\u{200D}\u{1F4BB}", "\u{1F469}\u{1F3FD}\u{200D}\u{1F4BB}",
        "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}", "\u{2764}\u{FE0F}\u{200D}\u{1F525}",
        // A subdivision flag (England).
        "\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}",
    ])
    func theJoinersAScriptOrAnEmojiNeedsAreKept(name: String) {
        #expect(refusal(name) == nil)
    }
}
