import NudgeCommands
import NudgeCore
import NudgeReports
import NudgeTestSupport
import Testing

/// The journal's requests, called as the executable calls them: a session entered ahead takes
/// no reflection until it has happened, and an edit needs a field; neither refusal repeats the
/// session's texts.
@Suite struct JournalRequestTests {
    let directory = TemporaryDirectory()
    var store: String { directory.file("nudge.sqlite") }

    func fields(type: TherapySession.TreatmentType? = nil, at: String? = nil, intentions: String? = nil)
        -> JournalFields
    {
        JournalFields(
            type: type, at: at.flatMap(GivenInstant.init), dose: nil, intentions: intentions, environment: nil,
            music: nil, moodBefore: nil, moodAfter: nil)
    }

    @Test func aSessionToComeTakesNoReflectionYet() throws {
        let said = RequestContext(store: store)
        try JournalAdd(fields: fields(type: .oral, at: "in 2 hours", intentions: "private words")).run(said.context)
        let added = try #require(said.lastLine)
        #expect(added.hasPrefix("added ") && said.stderr.contains("warning: --at is in the future"), "\(added)")
        let id = try #require(added.split(separator: "(id ").last?.prefix(8)).description
        let reflect = JournalReflect(id: id, text: "more private words")
        let why = try #require(reflect.refusal(said.context))
        #expect(why.contains("which has not come") && !why.contains("private"), "\(why)")
        let refused = #expect(throws: CommandFailure.self) { try reflect.run(said.context) }
        #expect(refused?.message == why && refused?.exitCode == 64)
        let nothing = #expect(throws: CommandFailure.self) {
            try JournalEdit(id: id, fields: fields()).run(said.context)
        }
        #expect(nothing?.message.hasPrefix("give at least one field to change") == true && nothing?.exitCode == 64)
    }
}
