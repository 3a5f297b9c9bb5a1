import NudgeCommands
import NudgeCore
import NudgeReports
import NudgeTestSupport
import Testing

/// `meditations add` as the library's request: a session done elsewhere is recorded once it
/// has ended, and one overlapping it is refused, by `refusal` (what an offered line asks)
/// in the same words as `run`, writing nothing.
@Suite struct MeditationAddRequestTests {
    let directory = TemporaryDirectory()
    var store: String { directory.file("nudge.sqlite") }

    @Test func anOverlappingSessionIsRefusedInTheWordsRunUses() throws {
        let said = RequestContext(store: store, environment: ["TZ": "UTC", "NUDGE_FAKE_NOW": "2026-11-22T12:00:00Z"])
        let first = MeditationAdd(at: try #require(GivenInstant("2026-11-22T10:00Z")), minutes: 20)
        #expect(first.refusal(said.context) == nil)
        try first.run(said.context)
        #expect(said.lastLine?.hasPrefix("recorded 20 minutes at 10:00 today") == true, "\(said.lastLine ?? "")")
        let overlapping = MeditationAdd(at: try #require(GivenInstant("2026-11-22T10:10Z")), minutes: 5)
        let refusal = try #require(overlapping.refusal(said.context))
        #expect(
            refusal.hasPrefix("nothing recorded: it would overlap the session of 20 minutes at 10:00 today"),
            "\(refusal)")
        let failure = #expect(throws: CommandFailure.self) { try overlapping.run(said.context) }
        #expect(failure?.message == refusal)
        #expect(failure?.exitCode == 64)
        let unended = MeditationAdd(at: try #require(GivenInstant("2026-11-22T11:50Z")), minutes: 30)
        #expect(unended.refusal(said.context)?.contains("which has not come") == true)
    }
}
