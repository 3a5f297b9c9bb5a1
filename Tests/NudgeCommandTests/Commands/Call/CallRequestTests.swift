import NudgeCommands
import NudgeCore
import NudgeReports
import NudgeTestSupport
import Testing

/// `call remind`'s request, called as the executable calls it: a reminder asked for twice is
/// in place, one with another note offers the line that changes it, and a past day is refused
/// before the store is read.
@Suite struct CallRequestTests {
    let directory = TemporaryDirectory()
    var store: String { directory.file("nudge.sqlite") }

    @Test func aSecondReminderWithAnotherNoteOffersTheLineThatChangesIt() throws {
        let said = RequestContext(store: store)
        try ContactAdd(name: "Alice", every: nil).run(said.context)
        let remind = CallRemind(contact: "Alice", inDays: 2, on: nil, at: nil, note: "birthday")
        try remind.run(said.context) { _ in "" }
        #expect(said.lastLine?.hasPrefix("will remind you to call Alice ") == true, "\(said.lastLine ?? "")")
        try remind.run(said.context) { _ in "" }
        #expect(said.lastLine?.hasSuffix("already exists (reminder 1); nothing added") == true)
        let other = CallRemind(contact: "Alice", inDays: 2, on: nil, at: nil, note: "flowers")
        let refused = #expect(throws: CommandFailure.self) {
            try other.run(said.context) { $0.joined(separator: " ") }
        }
        #expect(refused?.message.hasSuffix("change its note with: call reminders edit 1 --note flowers") == true)
        #expect(refused?.exitCode == 64)
    }

    @Test func aPastDayIsRefusedBeforeTheStoreIsRead() throws {
        let said = RequestContext(store: store)
        let past = CallRemind(contact: "nobody", inDays: nil, on: GivenDay("2000-01-01"), at: nil, note: nil)
        #expect(past.refusal(said.context)?.hasPrefix("--on 2000-01-01 is in the past; give today (") == true)
        #expect(throws: CommandFailure.self) { try past.run(said.context) { _ in "" } }
    }
}
