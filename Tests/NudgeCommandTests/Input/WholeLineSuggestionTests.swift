import ArgumentParser
import Foundation
import GRDB
import NudgeCommands
import NudgeCore
import NudgeTestSupport
import Testing

@testable import NudgeCommandLine
@testable import nudge

/// A "did you mean" is the whole line typed with only the wrong word fixed, as the shell reads
/// it back, offered only when it parses; a person's own words are `TEXT` in it.
@Suite struct WholeLineSuggestionTests: CommandScenario {
    let directory = TemporaryDirectory()

    /// The guessers read the command tree the executable names when it runs a line.
    init() { CommandTree.use(Nudge.self) }

    /// What was typed, and the line meant (the store the harness gives stays in it, at the end).
    @Test(arguments: [
        (
            ["log", "symptom", "headache", "--at", "monday", "9:00", "--severity", "2"],
            ["log", "symptom", "headache", "--at", "monday 9:00", "--severity", "2"]
        ),
        (["log", "symtom", "X", "--severity", "2"], ["log", "symptom", "X", "--severity", "2"]),
        (["upcoming", "--limt", "2"], ["upcoming", "--limit", "2"]),
        (["call", "log", "Sam", "--durration", "10"], ["call", "log", "Sam", "--duration", "10"]),
        (["log", "symptom", "X", "--severty", "3"], ["log", "symptom", "X", "--severity", "3"]),
        (["meditate", "10", "--ambiant", "brown-noise"], ["meditate", "10", "--ambient", "brown-noise"]),
        (["calls", "history"], ["call", "history"]),
        (["symptom", "--days", "3"], ["symptoms", "--days", "3"]),
        (
            ["log", "headache", "3", "--at", "22:10"],
            ["log", "symptom", "headache", "--severity", "3", "--at", "22:10"]
        ),
        (["log", "symptom", "it's", "bad", "3"], ["log", "symptom", "it's bad", "--severity", "3"]),
        (["log", "symtom", "$HOME`x`", "--severity", "2"], ["log", "symptom", "$HOME`x`", "--severity", "2"]),
        (
            ["log", "symptom", "joint", "pain", "--severity", "3", "--notes", "left", "knee"],
            ["log", "symptom", "joint pain", "--severity", "3", "--notes", "TEXT"]
        ),
        (
            ["journal", "reflect", "410d", "--text", "I", "was", "afraid"],
            ["journal", "reflect", "410d", "--text", "TEXT"]
        ),
        (
            ["call", "log", "Sam", "--notes=about the move", "--mod", "happy"],
            ["call", "log", "Sam", "--notes=TEXT", "--mood", "happy"]
        ),
    ])
    func theLineMeantIsTheLineTyped(typed: [String], meant: [String]) throws {
        try StoreQuery.create(store)
        if typed.first == "journal" {
            // A reflection's line is offered only for a session there is.
            #expect(nudge("journal", "add", "--type", "oral", "--at", "today 9:00").status == 0)
            let database = try DatabaseQueue(path: store)
            try database.write { try $0.execute(sql: "UPDATE therapy_sessions SET id = '410d' || substr(id, 5)") }
            try database.close()
        }
        let result = try InProcessNudge.expectRefusal(
            typed, store: store, environment: environment, mentioning: "did you mean: nudge ")
        let line = String(try #require(result.stderr.split(separator: "did you mean: ").last).dropLast())
        #expect(try Self.shellWords([line]) == [["nudge"] + meant + ["--store", store]], "\(line)")
        for secret in ["knee", "afraid", "move"] { #expect(!result.stderr.contains(secret), "\(result.stderr)") }
        // The line copied runs as typed (only a daemon is missing for meditate, TEXT is no id).
        if !meant.contains("meditate"), !meant.contains("journal") {
            #expect(nudge("contacts", "add", "Sam").status == 0)
            let run = nudge(meant)
            #expect(run.status == 0, "\(meant): \(run)")
        }
    }

    /// A fixed word whose line would still be refused gets no line, only the word.
    @Test(arguments: [
        (["meditate", "10", "--ambiant", "rain"], "takes no option '--ambiant'; did you mean --ambient?"),
        (["journal", "add", "--type", "oral", "--musik", "Bach", "cello"], "did you mean --music?"),
        (["symptom", "remind", "--at", "monday", "9:00"], "has no command 'symptom'; did you mean symptoms?"),
    ])
    func aLineTheParserRefusesIsNotOffered(typed: [String], message: String) throws {
        try StoreQuery.create(store)
        let result = try InProcessNudge.expectRefusal(
            typed, store: store, environment: environment, mentioning: message)
        #expect(!result.stderr.contains("did you mean:"), "\(result.stderr)")
        #expect(!result.stderr.contains("cello"), "\(result.stderr)")
    }

    /// Over the command tree: for each command and each of its options, a word one letter short
    /// (the nearest name by one letter alone) gets the line typed with that word fixed, and it
    /// parses to that command.
    @Test func everyOneLetterTypoGetsTheLineMeant() throws {
        let environment = CommandEnvironment(
            variables: ["TZ": "UTC", "NUDGE_FAKE_NOW": "2026-11-22T23:00:00Z", "NUDGE_STORE": "/nonexistent/n.sqlite"],
            output: { _ in }, errors: { _ in })
        var cases: [(typed: [String], meant: [String], leaf: ParsableCommand.Type)] = []
        // An answer's line is offered only when its delivery takes it (AckOfferedAnswersTests), a
        // reflection's only for a session there is (KeptValueSuggestionTests): no store here.
        for (path, leaf) in Self.leaves(Nudge.self, path: []) where path != ["ack"] && path != ["journal", "reflect"] {
            let takes = CommandOptions(leaf)
            let required = CommandLineSamples.required(path)
            // The options its usage names (its help's prose names others' too).
            let usage = Nudge.helpMessage(for: leaf, columns: 1000).split(separator: "\n").first {
                $0.hasPrefix("USAGE:")
            }
            let options = Set(CommandOptions.mentions(in: String(usage ?? "")).map(\.name)).filter {
                $0.hasPrefix("--") && !["--help", "--version"].contains($0)
            }
            for option in options.sorted() where !required.contains(option) {
                let meant =
                    CommandLineSamples.alone(option, path: path)
                    ?? path + required + [option] + CommandLineSamples.value(option, path: path, takes: takes)
                for typo in Self.typos(option, among: takes.all.union(["--help"])) where typo.count >= 4 {
                    cases.append((meant.map { $0 == option ? typo : $0 }, meant, leaf))
                }
            }
            for (index, word) in path.enumerated() {
                let siblings = Self.siblings(of: Array(path.prefix(index)))
                for typo in Self.typos(word, among: Set(siblings)) where typo.count >= 2 {
                    var typed = path + required
                    typed[index] = typo
                    cases.append((typed, path + required, leaf))
                }
            }
        }
        var suggestions: [String] = []
        CommandEnvironment.$current.withValue(environment) {
            // A sample the command itself refuses (`remind TEXT --at 18:00` says when) is offered
            // to no one: an offered line is one that is taken (hostile round of issue 40 after A14).
            cases.removeAll { SuggestedLine.refusalNow($0.meant) != nil }
            for (typed, meant, leaf) in cases {
                let parsed = Result { try Nudge.parseAsRoot(meant) }
                #expect((try? parsed.get()).map { type(of: $0) == leaf } == true, "sample \(meant): \(parsed)")
                let refusal = CommandLineCheck.refusal(typed) ?? ""
                let line = refusal.split(separator: "did you mean: ").dropFirst().first.map(String.init)
                #expect(line != nil, "\(typed) → \(refusal)")
                suggestions.append(line ?? "nudge")
            }
        }
        let read = try Self.shellWords(suggestions)
        for ((typed, meant, _), words) in zip(cases, read) {
            let text = meant.enumerated().map { index, word in
                index > 0 && SuggestedLine.isTextOption(meant[index - 1], command: meant.first) ? "TEXT" : word
            }
            #expect(words == ["nudge"] + text, "\(typed)")
        }
        #expect(cases.count > 150)
    }

    /// `word` without its middle letter, and without its last, where `word` is the one name in
    /// `names` nearest to it.
    static func typos(_ word: String, among names: Set<String>) -> [String] {
        let letters = Array(word)
        let start = word.hasPrefix("--") ? 2 : 0
        let shorter = Set(
            [(start + letters.count) / 2, letters.count - 1].map { index in
                String(letters[..<index] + letters[(index + 1)...])
            })
        return shorter.sorted().filter { typo in
            !names.contains(typo) && names.allSatisfy { $0 == word || EditDistance.between($0, typo) > 1 }
                && !MeantCommand.verbs.contains(typo) && typo != "help"
        }
    }

    /// Each command that has no subcommands, with the words that name it.
    static func leaves(_ command: ParsableCommand.Type, path: [String]) -> [([String], ParsableCommand.Type)] {
        let subcommands = command.configuration.subcommands
        guard !subcommands.isEmpty else { return [(path, command)] }
        return subcommands.flatMap { leaves($0, path: path + [$0._commandName]) }
    }

    /// The names of the commands beside the one at `path`'s end.
    static func siblings(of parent: [String]) -> [String] {
        var command: ParsableCommand.Type = Nudge.self
        for word in parent {
            command = command.configuration.subcommands.first { $0._commandName == word } ?? command
        }
        return command.configuration.subcommands.map { $0._commandName }
    }

    /// `lines` split into words by /bin/sh, as a person's shell splits a line pasted.
    static func shellWords(_ lines: [String]) throws -> [[String]] {
        let script = lines.map { "printf '%s\\037' \($0); printf '\\036'" }.joined(separator: "\n")
        let result = try Subprocess.run("/bin/sh", ["-c", script])
        #expect(result.status == 0, "\(result)")
        return result.stdout.split(separator: "\u{1E}", omittingEmptySubsequences: false).dropLast().map {
            $0.split(separator: "\u{1F}", omittingEmptySubsequences: false).dropLast().map(String.init)
        }
    }
}
