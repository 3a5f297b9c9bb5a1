import Foundation
import NudgeTestSupport
import Testing

/// An export's refusal of an `--output` names only the extensions of the formats that export
/// writes: followed, each is taken (the journal has no HTML, so a PDF there is not told
/// `--format html`).
@Suite struct ExportExtensionAdviceTests: CommandScenario {
    let directory = TemporaryDirectory()

    static let exports: [(command: [String], formats: [String])] = [
        (["journal", "export"], ["markdown", "json"]),
        (["symptoms", "export"], ["csv", "markdown", "html"]),
    ]
    static let extensions = ["pdf", "xlsx", "ods", "docx", "rtf", "html", "htm", "csv", "json", "md", "txt"]

    @Test(arguments: exports)
    func everyAdviceFollowedIsTaken(command: [String], formats: [String]) throws {
        try StoreQuery.create(store)
        var followed = 0
        for ext in Self.extensions {
            for format in [nil] + formats {
                let given = format.map { ["--format", $0] } ?? []
                let typed = command + given + ["--output", directory.file("out.\(ext)")]
                let refused = nudge(typed)
                guard refused.status != 0 else { continue }
                #expect(refused.status == 64, "\(typed): \(refused)")
                let endings = try #require(
                    refused.stderr.firstMatch(of: /ending in ((?:\.[a-z]+(?:, | or )?)+)/), "\(typed): \(refused)")
                for ending in String(endings.1).replacing(" or ", with: ", ").split(separator: ", ") {
                    let line = command + given + ["--output", directory.file("followed\(ending)")]
                    #expect(nudge(line).status == 0, "\(typed) → \(refused.stderr) → \(line): \(nudge(line))")
                    followed += 1
                }
                if refused.stderr.contains("leave --format out") {
                    let line = command + ["--output", directory.file("out.\(ext)")]
                    #expect(nudge(line).status == 0, "\(typed) → \(refused.stderr) → \(line)")
                    followed += 1
                }
            }
        }
        #expect(followed > 20)
    }

    @Test(arguments: [
        (["journal", "export", "--output", "x.pdf"], "nudge writes no PDF; give an --output ending in .md or .json"),
        (
            ["journal", "export", "--output", "x.docx"],
            "nudge writes no word-processor file; give an --output ending in .md or .json"
        ),
        (
            ["journal", "export", "--output", "x.html"],
            "this export has no html form; give an --output ending in .md or .json"
        ),
        (
            ["journal", "export", "--output", "x.csv"],
            "this export has no csv form; give an --output ending in .md or .json"
        ),
        (
            ["symptoms", "export", "--output", "x.pdf"],
            "nudge writes no PDF; give an --output ending in .html and print the page to PDF from a browser"
        ),
        (
            ["symptoms", "export", "--output", "x.json"],
            "this export has no json form; give an --output ending in .csv, .md or .html"
        ),
        (
            ["journal", "export", "--format", "json", "--output", "x.html"],
            "--format json does not match --output's .html; give an --output ending in .json\n"
        ),
    ])
    func refusalNamesWhatThisExportWrites(arguments: [String], message: String) throws {
        let shown = arguments.map { $0.hasPrefix("x.") ? directory.file($0) : $0 }
        try expectRefusal(shown, mentioning: message)
    }
}
