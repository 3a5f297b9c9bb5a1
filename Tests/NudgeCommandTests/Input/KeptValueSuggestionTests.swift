import Foundation
import GRDB
import NudgeTestSupport
import Testing

/// A line offered keeps every value that is no one's private text as it was typed, quoted for
/// the shell (`--at 'today 9:00'`, a call reminder's `--note`), so that it runs when typed back;
/// only a text option's value is `TEXT`.
@Suite struct KeptValueSuggestionTests: CommandScenario {
    let directory = TemporaryDirectory()

    /// The offered line, as the shell reads it, and the refusal it came in.
    func offered(_ typed: [String]) throws -> (words: [String], refusal: String) {
        let result = try InProcessNudge.expectRefusal(
            typed, store: store, environment: environment, mentioning: "did you mean: nudge ")
        let line = String(try #require(result.stderr.split(separator: "did you mean: ").last).dropLast())
        let words = try #require(try WholeLineSuggestionTests.shellWords([line]).first)
        return (Array(words.dropFirst()), result.stderr)
    }

    @Test(arguments: [
        (
            ["journal", "add", "--type", "oral", "--at", "today 9:00", "--moood-before", "3"],
            ["journal", "add", "--type", "oral", "--at", "today 9:00", "--mood-before", "3"]
        ),
        (
            ["journal", "add", "--type", "oral", "--at=today 9:00", "--mood-befor", "3"],
            ["journal", "add", "--type", "oral", "--at=today 9:00", "--mood-before", "3"]
        ),
        (
            ["call", "remind", "Mary", "--note", "ring her", "--inn", "2"],
            ["call", "remind", "Mary", "--note", "ring her", "--in", "2"]
        ),
    ])
    func aValueThatIsNotPrivateIsKeptAndTheLineRuns(typed: [String], meant: [String]) throws {
        try StoreQuery.create(store)
        #expect(nudge("contacts", "add", "Mary").status == 0)
        let line = try offered(typed)
        #expect(line.words == meant + ["--store", store], "\(line.refusal)")
        let run = nudge(meant)
        #expect(run.status == 0, "\(meant): \(run)")
    }

    /// The journal's texts stay `TEXT` beside a time kept whole.
    @Test func theJournalsTextIsStillNotRepeated() throws {
        try StoreQuery.create(store)
        let line = try offered(
            ["journal", "add", "--type", "oral", "--at", "today 9:00", "--dose", "secret dose", "--intentionz", "x"])
        #expect(line.words.contains("today 9:00") && line.words.contains("TEXT"), "\(line.refusal)")
        #expect(!line.refusal.contains("secret"), "\(line.refusal)")
    }

    /// A session id prefix of digits is an id: the words after it are a text without its
    /// option, not a number out of place.
    @Test func anIdOfDigitsIsAnIdNotANumber() throws {
        try StoreQuery.create(store)
        #expect(nudge("journal", "add", "--type", "oral", "--at", "today 9:00").status == 0)
        let database = try DatabaseQueue(path: store)
        try database.write { try $0.execute(sql: "UPDATE therapy_sessions SET id = '9052' || substr(id, 5)") }
        try database.close()
        let line = try offered(["journal", "reflect", "9052", "felt", "lighter"])
        #expect(line.words == ["journal", "reflect", "9052", "--text", "TEXT", "--store", store], "\(line.refusal)")
        #expect(!line.refusal.contains("lighter"), "\(line.refusal)")
        let run = nudge("journal", "reflect", "9052", "--text", "felt lighter")
        #expect(run.status == 0, "\(run)")
    }

    /// An id that names no session gets no line to copy: the refusal says so instead.
    @Test func anIdOfNoSessionGetsNoLine() throws {
        try StoreQuery.create(store)
        let result = try InProcessNudge.expectRefusal(
            ["journal", "reflect", "9052", "felt", "lighter"], store: store, environment: environment,
            mentioning:
                "nudge: nudge journal reflect takes no more words (2 given, not repeated here); a text goes in quotes after its option: --text TEXT; no session has an id starting with '9052'"
        )
        #expect(!result.stderr.contains("did you mean") && !result.stderr.contains("lighter"), "\(result)")
    }

    /// Text typed where the id goes: its first word is not repeated as an id.
    @Test func aWordWhereTheIdGoesIsNotRepeated() throws {
        try StoreQuery.create(store)
        let result = try InProcessNudge.expectRefusal(
            ["journal", "reflect", "felt", "lighter"], store: store, environment: environment,
            mentioning: "no session has an id starting with the id given")
        #expect(!result.stderr.contains("felt") && !result.stderr.contains("lighter"), "\(result)")
    }
}
