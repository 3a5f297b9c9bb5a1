import Foundation
import NudgeTestSupport
import Testing

/// `contacts list` never cuts a name, at any width: a person tells two contacts apart by any
/// part of it. The row folds around the name, and a name wider than a line goes on under itself.
@Suite struct ContactNameWidthTests: CommandScenario {
    let directory = TemporaryDirectory()

    @Test(arguments: [40, 60, 80, 120])
    func aNameIsNeverCut(width: Int) {
        // Words a line can hold, and one word wider than any line.
        let names = ["Maximiliane Alexandra von Hohenzollern-Sigmaringen", String(repeating: "Bartholomew", count: 12)]
        for name in names { #expect(nudge("contacts", "add", name, "--every", "7").status == 0) }
        let result = InProcessNudge.run(
            ["contacts", "list", "--store", store], environment: environment.merging(["COLUMNS": "\(width)"]) { $1 })
        #expect(result.status == 0, "\(result)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.allSatisfy { TableWidthTests.columns($0) <= width }, "at \(width): \(result.stdout)")
        #expect(!result.stdout.contains("…"), "at \(width): \(result.stdout)")
        // Read back without the spaces a line break or the columns put between its pieces.
        let squeezed = { (text: String) in text.filter { !$0.isWhitespace } }
        for name in names {
            #expect(squeezed(result.stdout).contains(squeezed(name)), "\(name) at \(width): \(result.stdout)")
        }
        // Broken between words where the words fit a line.
        if width >= 60 {
            #expect(result.stdout.contains("Maximiliane Alexandra von Hohenzollern-Sigmaringen"), "\(result.stdout)")
        } else {
            #expect(lines.contains { $0.hasSuffix(" Hohenzollern-Sigmaringen") }, "\(result.stdout)")
        }
    }
}
