import NudgeCommands
import NudgeCore
import NudgeReports
import NudgeTestSupport
import Testing

/// ack's request, called as the executable calls it: "I'm awake" needs a daemon that rings,
/// an answer needs a delivery, and a refused one runs nothing.
@Suite struct AnswerRequestTests {
    let directory = TemporaryDirectory()
    var store: String { directory.file("nudge.sqlite") }

    @Test func everyKindsAnswersAreListed() {
        for rule in ReminderRules.all {
            #expect(AnswerRequest.answers.contains("\(rule.answers.last ?? "") (\(rule.name))"), "\(rule.name)")
        }
    }

    @Test func awakeToNoDeliveryWithoutADaemonIsRefusedAndRunsNothing() throws {
        let said = RequestContext(store: store)
        let awake = AnswerRequest(id: 3, answer: "awake")
        // No delivery 3: said as such, not that nothing rings (issue 41, hostile round).
        let why = "there is no delivery 3 on \(store) (nudge history lists them); nothing changed"
        #expect(awake.refusal(said.context) == why)
        let refused = #expect(throws: CommandFailure.self) {
            try awake.run(said.context) { _ in Issue.record("ran a command") }
        }
        #expect(refused?.message == why && refused?.exitCode == 64)
    }

    @Test func anAnswerToNoDeliveryIsRefusedAndRunsNothing() throws {
        let said = RequestContext(store: store)
        try ContactAdd(name: "Alice", every: nil).run(said.context)
        let answer = AnswerRequest(id: 42, answer: "done")
        let why = try #require(answer.refusal(said.context))
        let refused = #expect(throws: CommandFailure.self) {
            try answer.run(said.context) { _ in Issue.record("ran a command") }
        }
        #expect(refused?.message == why && refused?.exitCode == 64, "\(why)")
    }
}
