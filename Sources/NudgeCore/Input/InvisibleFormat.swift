/// Format characters (Unicode category Cf) show nothing: a soft hyphen (U+00AD), a zero-width
/// space or joiner, a bidirectional override, a byte-order mark. In a name they make a second
/// `Sam` that looks like the first, or turn a listing's columns around (hostile round of issue
/// 40 after A14, Medium 3). A name keeps them only where its script needs them: a zero-width
/// joiner inside an emoji sequence (👩‍💻), a zero-width non-joiner or joiner between letters of a
/// script whose letters join or form conjuncts (Persian's میخواهم, Devanagari, Malayalam...),
/// and the tags of a subdivision flag (🏴 followed by tag letters).
public enum InvisibleFormat {
    /// The first format character of `text` that no script around it needs.
    public static func first(in text: String) -> String.Index? {
        let scalars = text.unicodeScalars
        return scalars.indices.first { index in
            let scalar = scalars[index]
            guard scalar.properties.generalCategory == .format else { return false }
            let before = index > scalars.startIndex ? scalars[scalars.index(before: index)] : nil
            let after = scalars.index(after: index) < scalars.endIndex ? scalars[scalars.index(after: index)] : nil
            return !isNeeded(scalar, between: before, and: after, emojiBefore: emoji(before: index, in: scalars))
        }
    }

    private static func isNeeded(
        _ scalar: Unicode.Scalar, between before: Unicode.Scalar?, and after: Unicode.Scalar?, emojiBefore: Bool
    ) -> Bool {
        switch scalar.value {
        case 0x200D where emojiBefore && after.map(isEmoji) == true:
            return true
        case 0x200C, 0x200D:
            // After a virama it may end a word too (Malayalam's chillu: ന്‍).
            guard let before, isJoiningLetter(before) else { return false }
            return after.map(isJoiningLetter) == true || before.properties.generalCategory == .nonspacingMark
        case 0xE0020...0xE007F:
            return before.map { $0.value == 0x1F3F4 || (0xE0020...0xE007F).contains($0.value) } == true
        default:
            return false
        }
    }

    /// Whether the scalars before `index`, past a variation selector or a skin tone, end in an
    /// emoji.
    private static func emoji(before index: String.UnicodeScalarView.Index, in scalars: String.UnicodeScalarView)
        -> Bool
    {
        var index = index
        while index > scalars.startIndex {
            index = scalars.index(before: index)
            let scalar = scalars[index]
            if scalar.value == 0xFE0F || scalar.properties.isEmojiModifier { continue }
            return isEmoji(scalar)
        }
        return false
    }

    /// An emoji picture (not a digit, `#` or `*`, which are emoji only with a keycap).
    private static func isEmoji(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value > 0x7F && scalar.properties.isEmoji
    }

    /// The scripts whose letters join (Arabic, Syriac, N'Ko, Mongolian) or form conjuncts
    /// (Indic, Sinhala, Myanmar), where a joiner or non-joiner changes how a word is written.
    private static let joiningScripts: [ClosedRange<UInt32>] = [
        0x0600...0x08FF, 0x0900...0x0DFF, 0x1000...0x109F, 0x1800...0x18AF, 0xA8E0...0xA8FF, 0xFB50...0xFDFF,
        0xFE70...0xFEFC,
    ]

    private static func isJoiningLetter(_ scalar: Unicode.Scalar) -> Bool {
        let category = scalar.properties.generalCategory
        return [.otherLetter, .nonspacingMark, .spacingMark].contains(category)
            && joiningScripts.contains { $0.contains(scalar.value) }
    }
}
