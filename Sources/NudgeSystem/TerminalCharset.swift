import Foundation

/// The encoding a terminal in the person's locale shows. nudge writes UTF-8, except to a
/// terminal whose locale is in another encoding (`de_DE.ISO-8859-1`, `ru_RU.KOI8-R`): there
/// UTF-8's bytes are mojibake, and some (0x80-0x9F) are C1 controls that an 8-bit terminal
/// obeys (0x9B opens an escape sequence), so the text is converted to the locale's encoding,
/// a character it lacks transliterated or `?` (glibc's iconv `//TRANSLIT`, as gettext does).
/// The C and POSIX locales stay UTF-8, as Python (PEP 538, 540) and glibc's C.UTF-8 take them:
/// they mean a locale never set, on terminals that are UTF-8 today, and ASCII would turn every
/// name a person wrote (`Zoë`) into `?`. Pipes and files stay UTF-8 whatever the locale: the
/// JSON, CSV and iCalendar a program reads are UTF-8 by their standards.
public enum TerminalCharset {
    /// The encoding to convert to for a terminal, from the locale LC_CTYPE comes from (LC_ALL,
    /// LC_CTYPE, LANG); nil for UTF-8, ASCII (C, POSIX) or a locale not installed.
    public static func converting(environment: [String: String]) -> String? {
        let name = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? "C"
        guard let locale = newlocale(LC_CTYPE_MASK, name, nil) else { return nil }
        defer { freelocale(locale) }
        guard let codeset = nl_langinfo_l(nl_item(CODESET), locale).map({ String(cString: $0) }),
            !["UTF-8", "ANSI_X3.4-1968"].contains(codeset)
        else { return nil }
        return codeset
    }

    /// `text` in `codeset`, a character it lacks transliterated or `?`; UTF-8 where iconv
    /// knows no such encoding.
    public static func bytes(_ text: String, in codeset: String) -> [UInt8] {
        converted(Array(text.utf8), from: "UTF-8", to: codeset + "//TRANSLIT") ?? Array(text.utf8)
    }

    /// `text` as a terminal in `codeset` shows it (`…` as `...`, `頭` as `?`), in UTF-8 again:
    /// what a table measures to line up there.
    public static func printed(_ text: String, in codeset: String) -> String {
        converted(bytes(text, in: codeset), from: codeset, to: "UTF-8").map { String(decoding: $0, as: UTF8.self) }
            ?? text
    }

    /// `input` converted by iconv, a character the target lacks as `?`; nil where iconv knows
    /// no such conversion.
    private static func converted(_ input: [UInt8], from source: String, to target: String) -> [UInt8]? {
        let converter = iconv_open(target, source)
        guard converter != iconv_t(bitPattern: -1) else { return nil }
        defer { iconv_close(converter) }
        var input = input
        var output = [UInt8](repeating: 0, count: input.count * 4 + 16)
        var converted: [UInt8] = []
        input.withUnsafeMutableBufferPointer { inputBuffer in
            output.withUnsafeMutableBufferPointer { outputBuffer in
                var inputCursor = inputBuffer.baseAddress.map {
                    UnsafeMutableRawPointer($0).assumingMemoryBound(to: CChar.self)
                }
                var inputLeft = inputBuffer.count
                while inputLeft > 0 {
                    var outputCursor = outputBuffer.baseAddress.map {
                        UnsafeMutableRawPointer($0).assumingMemoryBound(to: CChar.self)
                    }
                    var outputLeft = outputBuffer.count
                    let result = iconv(converter, &inputCursor, &inputLeft, &outputCursor, &outputLeft)
                    converted += outputBuffer.prefix(outputBuffer.count - outputLeft)
                    // A character even //TRANSLIT cannot give (EILSEQ): `?` for it, and on.
                    if result == size_t.max, errno == EILSEQ, inputLeft > 0 {
                        converted.append(UInt8(ascii: "?"))
                        let skipped = source == "UTF-8" ? Self.scalarLength(UInt8(bitPattern: inputCursor!.pointee)) : 1
                        inputCursor = inputCursor! + min(skipped, inputLeft)
                        inputLeft -= min(skipped, inputLeft)
                    } else if result == size_t.max, errno != E2BIG {
                        break
                    }
                }
            }
        }
        return converted
    }

    /// The bytes of the UTF-8 sequence a lead byte begins.
    private static func scalarLength(_ lead: UInt8) -> Int {
        lead < 0xC0 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    }
}
