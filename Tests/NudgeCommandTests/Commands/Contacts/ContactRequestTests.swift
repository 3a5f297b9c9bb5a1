import NudgeCommands
import NudgeReports
import NudgeTestSupport
import Testing

/// The contacts' requests, called as the executable calls them: a name as typed is trimmed, and
/// an edit says each change with what it was.
@Suite struct ContactRequestTests {
    let directory = TemporaryDirectory()
    var store: String { directory.file("nudge.sqlite") }

    @Test func anEditSaysEachChangeWithWhatItWas() throws {
        let said = RequestContext(store: store)
        try ContactAdd(name: "  Alice \n", every: 7).run(said.context)
        let added = try #require(said.lastLine)
        #expect(added.hasPrefix("added Alice (id ") && added.hasSuffix(", every 7 days"), "\(added)")
        try ContactEdit(contact: "Alice", name: " Alicia ", every: 10, noCadence: false).run(said.context)
        #expect(said.lastLine?.hasSuffix(": renamed from Alice; every 10 days (was every 7 days)") == true)
        try ContactEdit(contact: "Alicia", name: nil, every: nil, noCadence: true).run(said.context)
        #expect(said.lastLine?.hasSuffix(": no cadence (was every 10 days)") == true)
        try ContactEdit(contact: "Alicia", name: "Alicia", every: nil, noCadence: true).run(said.context)
        #expect(said.lastLine?.hasSuffix(": nothing changed") == true, "\(said.lastLine ?? "")")
        try ContactRemove(contact: "Alicia", deleteCalls: false, yes: false).run(said.context)
        #expect(said.lastLine?.hasPrefix("removed Alicia (id ") == true)
        let missing = #expect(throws: CommandFailure.self) {
            try ContactRemove(contact: "Alicia", deleteCalls: true, yes: false).run(said.context)
        }
        #expect(missing?.exitCode == 64)
    }
}
