import Foundation
import NudgeTestSupport
import Testing

/// A first guess whose line the command would refuse now is not offered, and not answered with
/// the parser's "Missing expected argument" either: the refusal says how the command is typed
/// and why this one would be refused, in the command's own words.
@Suite struct DeclinedGuessTests: CommandScenario {
    let directory = TemporaryDirectory()

    /// A session of 30 minutes at 09:00 yesterday, for the overlaps.
    private func storeWithASession() throws {
        try StoreQuery.create(store)
        #expect(nudge("meditations", "add", "--at", "yesterday 9:00", "--minutes", "30").status == 0)
    }

    @Test func aSessionThatWouldOverlapSaysSo() throws {
        try storeWithASession()
        let result = try InProcessNudge.expectRefusal(
            ["meditations", "add", "yesterday", "9:10", "20"], store: store, environment: environment,
            mentioning:
                "nudge: nudge meditations add takes its time as --at and its length as --minutes (nudge meditations add --at TIME --minutes N); nothing recorded: it would overlap the session of 30 minutes at "
        )
        #expect(!result.stderr.contains("did you mean"), "\(result)")
    }

    @Test func aSessionNotOverYetSaysSo() throws {
        try storeWithASession()
        try InProcessNudge.expectRefusal(
            ["meditations", "add", "today", "19:50", "20"], store: store, environment: environment,
            mentioning:
                "nudge: nudge meditations add takes its time as --at and its length as --minutes (nudge meditations add --at TIME --minutes N); --at 'today 19:50' and --minutes 20 end at "
        )
    }

    /// `20 --at 'yesterday 7:00'`: the length without its option gets the line, which runs.
    @Test func aLengthWithoutItsOptionGetsTheLine() throws {
        try storeWithASession()
        let typed = ["meditations", "add", "20", "--at", "yesterday 7:00"]
        let meant = ["meditations", "add", "--minutes", "20", "--at", "yesterday 7:00"]
        let result = try InProcessNudge.expectRefusal(
            typed, store: store, environment: environment,
            mentioning: "nudge: nudge meditations add takes its length as --minutes; did you mean: nudge ")
        let line = String(try #require(result.stderr.split(separator: "did you mean: ").last).dropLast())
        #expect(try WholeLineSuggestionTests.shellWords([line]) == [["nudge"] + meant + ["--store", store]], "\(line)")
        #expect(nudge(meant).status == 0)
    }

    /// The same length beside a time that overlaps: why, and not the parser's words.
    @Test func aLengthWithoutItsOptionThatWouldOverlapSaysSo() throws {
        try storeWithASession()
        try InProcessNudge.expectRefusal(
            ["meditations", "add", "20", "--at", "yesterday 9:05"], store: store, environment: environment,
            mentioning:
                "nudge: nudge meditations add takes its length as --minutes (nudge meditations add --at TIME --minutes N); nothing recorded: it would overlap"
        )
    }
}
