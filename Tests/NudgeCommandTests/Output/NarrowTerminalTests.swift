import Foundation
import NudgeTestSupport
import Testing

/// At COLUMNS=20, the narrowest width nudge takes, every line is within the width and a word
/// is broken only where it is wider than a line (issue 40: `meditations` 29 wide, an empty
/// `journal list` 36, `call history`'s folded time 24, then at column 0, a command's `--help` crashed in the
/// argument parser, `nudge --help` a word a line past the width); in a pipe's 80 columns an
/// empty state's hint keeps each option with its value (it ended a line with `--at`).
@Suite struct NarrowTerminalTests: CommandScenario {
    let directory = TemporaryDirectory()

    func narrow(_ arguments: String...) -> CommandResult {
        InProcessNudge.run(arguments + ["--store", store], environment: environment.merging(["COLUMNS": "20"]) { $1 })
    }

    func expectWithin20(_ result: CommandResult, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status == 0, "\(result)", sourceLocation: sourceLocation)
        let wide = result.stdout.split(separator: "\n").filter { $0.count > 20 }
        #expect(wide.isEmpty, "\(wide) in \(result.stdout)", sourceLocation: sourceLocation)
    }

    @Test func listingsFitTwentyColumns() throws {
        expectWithin20(narrow("journal", "list"))
        #expect(narrow("journal", "list").stdout.contains("\njournal add --type\n"))
        #expect(nudge("meditations", "add", "--at", "10:00", "--minutes", "20").status == 0)
        let meditations = narrow("meditations")
        expectWithin20(meditations)
        for word in ["completed,", "entered", "afterwards", "session,", "longest"] {
            #expect(meditations.stdout.split(whereSeparator: \.isWhitespace).contains { $0 == word }, "\(word)")
        }
        #expect(nudge("contacts", "add", "Sam").status == 0)
        #expect(nudge("call", "log", "Sam", "--notes", "a long note that goes on").status == 0)
        let calls = narrow("call", "history")
        expectWithin20(calls)
        // Folded under its indent, broken between words where the time is wider than the room.
        #expect(calls.stdout.contains("\n    CALLED\n"), "\(calls.stdout)")
        #expect(calls.stdout.contains("\n    2026-11-22 20:00\n    CET\n"), "\(calls.stdout)")
    }

    /// In a subprocess: the parser's failure was a crash (SIGILL), which in process would end
    /// the test run.
    @Test(arguments: [["--help"], ["log", "symptom", "--help"], ["call", "log", "--help"]])
    func helpFitsTwentyColumns(arguments: [String]) throws {
        let help = try NudgeBinary.run(arguments, environment: ["COLUMNS": "20"])
        expectWithin20(help)
        #expect(help.stderr.isEmpty, "\(help.stderr.prefix(300))")
    }

    @Test func anEmptyStatesHintKeepsEachOptionWithItsValueInAPipe() throws {
        let empty = nudge("journal", "list")
        #expect(empty.stdout.contains("\n--type iv|im|oral|lozenge|at-home|clinic\n"), "\(empty)")
        #expect(!empty.stdout.split(separator: "\n").contains { $0.hasSuffix("--type") }, "\(empty)")
    }
}
