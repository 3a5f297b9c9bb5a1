import Foundation

/// Text a locale gives in its own encoding, converted to UTF-8 with iconv(3).
enum LocaleText {
    /// Nil where the bytes are not text in `codeset`: printed raw they would be mojibake.
    static func utf8(_ text: UnsafePointer<CChar>, from codeset: String) -> String? {
        if ["UTF-8", "ANSI_X3.4-1968"].contains(codeset) { return String(validatingCString: text) }
        let converter = iconv_open("UTF-8", codeset)
        guard converter != iconv_t(bitPattern: -1) else { return nil }
        defer { iconv_close(converter) }
        var input: UnsafeMutablePointer<CChar>? = UnsafeMutablePointer(mutating: text)
        var inputLeft = strlen(text)
        var output = [CChar](repeating: 0, count: inputLeft * 4 + 1)
        let converted = output.withUnsafeMutableBufferPointer { buffer -> Bool in
            var cursor: UnsafeMutablePointer<CChar>? = buffer.baseAddress
            var outputLeft = buffer.count - 1
            return iconv(converter, &input, &inputLeft, &cursor, &outputLeft) != size_t.max && inputLeft == 0
        }
        return converted ? output.withUnsafeBufferPointer { String(validatingCString: $0.baseAddress!) } : nil
    }
}
