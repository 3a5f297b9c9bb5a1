import NudgeReports
import Testing

/// Terminal columns as wcwidth(3) counts them: a table padded by `count` misaligns under wide
/// characters and emoji.
@Suite struct DisplayWidthTests {
    @Test(arguments: [("Headache", 8), ("頭痛", 4), ("🤕", 2), ("e\u{301}", 1), ("", 0)])
    func columnsAreCountedAsATerminalDrawsThem(text: String, columns: Int) {
        #expect(DisplayWidth.of(text) == columns)
    }

    @Test func aCutTextEndsWithAnEllipsisAndFitsItsWidth() {
        #expect(DisplayWidth.cut("頭痛がひどい", 7) == "頭痛が…")
        #expect(DisplayWidth.cut("short", 7) == "short")
        #expect(DisplayWidth.fitted("頭痛", 6) == "頭痛  ")
    }
}
