import Foundation
import NudgeTestSupport
import Testing

/// In a locale of another encoding than UTF-8 (issue 40 L3: output was UTF-8 anyway), a
/// terminal gets the locale's encoding, what it lacks as `?`: UTF-8's bytes would be mojibake
/// there, some of them C1 controls an 8-bit terminal obeys. A pipe gets UTF-8 in every locale,
/// and so does a terminal in the C locale. The terminal is script(1)'s pseudo-terminal; its
/// typescript holds the bytes written to it. de_DE.ISO-8859-1 is made with localedef (MadeLocales).
@Suite struct TerminalCharsetTests {
    let directory = TemporaryDirectory()
    var store: String { directory.file("nudge.sqlite") }
    let locales: String

    init() throws {
        let made = MadeLocales.folder(with: ["de_DE.ISO-8859-1"])
        #expect(made.refusals.isEmpty, "\(made.refusals)")
        locales = made.path
        let added = try NudgeBinary.run(["contacts", "add", "Zo\u{EB}", "--store", store], environment: [:])
        #expect(added.status == 0, "\(added)")
        let logged = try NudgeBinary.run(
            ["log", "symptom", "Zo\u{EB}", "--severity", "4", "--store", store], environment: [:])
        #expect(logged.status == 0, "\(logged)")
    }

    /// The bytes a terminal in `lang` was given by `nudge arguments`.
    func onTerminal(_ lang: String, _ arguments: [String], columns: Int = 80) throws -> [UInt8] {
        let typescript = directory.file("typescript-\(lang)")
        let line = ([NudgeBinary.path] + arguments + ["--store", store]).map { "'\($0)'" }.joined(separator: " ")
        let ran = try Subprocess.run(
            "/usr/bin/script", ["-qfec", line, typescript],
            environment: NudgeBinary.environment([
                "LOCPATH": locales, "LANG": lang, "NO_COLOR": "1", "COLUMNS": String(columns),
            ]))
        #expect(ran.status == 0, "\(ran)")
        return Array(try Data(contentsOf: URL(fileURLWithPath: typescript)))
    }

    func contains(_ bytes: [UInt8], _ part: [UInt8]) -> Bool {
        bytes.indices.contains { bytes[$0...].starts(with: part) }
    }

    @Test func aLatin1TerminalGetsLatin1AndWhatItLacksAsAQuestionMark() throws {
        let listed = try onTerminal("de_DE.ISO-8859-1", ["contacts", "list"])
        #expect(contains(listed, [0x5A, 0x6F, 0xEB]), "Zoë in Latin-1")
        #expect(!contains(listed, [0xC3, 0xAB]), "not in UTF-8")
        let chart = try onTerminal("de_DE.ISO-8859-1", ["symptoms", "--chart", "--days", "2"])
        // ▅ (severity 4) has no Latin-1 byte: `?`, and no C1 control (0x80-0x9F) reaches the terminal.
        #expect(!chart.contains { (0x80...0x9F).contains($0) }, "no C1 control")
        #expect(contains(chart, Array("Zo".utf8) + [0xEB]), "Zoë in Latin-1")
    }

    @Test func aPipeAndTheCLocaleGetUTF8() throws {
        let piped = try NudgeBinary.run(
            ["contacts", "list", "--store", store], environment: ["LOCPATH": locales, "LANG": "de_DE.ISO-8859-1"])
        #expect(piped.stdout.contains("Zo\u{EB}"), "\(piped)")
        let cLocale = try onTerminal("C", ["contacts", "list"])
        #expect(contains(cLocale, [0x5A, 0x6F, 0xC3, 0xAB]), "Zoë in UTF-8")
    }

    /// Issue 40 M7: a cut name or note ends in `…`, which Latin-1 shows as `...`: counted as one
    /// column, it pushed the chart's cells and `call history`'s row 2 columns past the others.
    @Test func aLatin1TerminalsColumnsCountTheDotsItShows() throws {
        for arguments in [
            ["log", "symptom", "Pain behind the left eye at night", "--severity", "4"],
            ["call", "log", "Zo\u{EB}", "--notes", String(repeating: "a long note ", count: 12)],
        ] {
            let ran = try NudgeBinary.run(arguments + ["--store", store], environment: [:])
            #expect(ran.status == 0, "\(ran)")
        }
        // Latin-1 is a column a byte: where each row's last mark (severity 4's `?`) stands.
        let chart = try onTerminal("de_DE.ISO-8859-1", ["symptoms", "--chart", "--days", "2"], columns: 60)
            .split(separator: UInt8(ascii: "\n")).map { Array($0.filter { $0 != UInt8(ascii: "\r") }) }
        let rows = chart.filter { $0.starts(with: Array("Zo".utf8)) || $0.starts(with: Array("Pain".utf8)) }
        #expect(rows.count == 2, "\(chart.map { String(decoding: $0, as: UTF8.self) })")
        #expect(Set(rows.map { $0.lastIndex(of: UInt8(ascii: "?")) }).count == 1, "one column for both rows")
        #expect(rows.contains { $0.starts(with: Array("Pain behind the l...".utf8)) }, "cut with Latin-1's dots")
        // The typescript's own first and last lines (`Script started on ...`) left out.
        let calls = try onTerminal("de_DE.ISO-8859-1", ["call", "history"], columns: 60)
            .split(separator: UInt8(ascii: "\n")).map { $0.filter { $0 != UInt8(ascii: "\r") } }
            .filter { !$0.starts(with: Array("Script ".utf8)) }
        #expect(calls.contains { $0.reversed().starts(with: Array("...".utf8)) }, "the note cut")
        #expect(calls.allSatisfy { $0.count <= 60 }, "\(calls.map { String(decoding: $0, as: UTF8.self) })")
    }
}
