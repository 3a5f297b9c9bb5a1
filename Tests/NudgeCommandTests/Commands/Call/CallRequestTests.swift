import NudgeCommands
import NudgeCore
import NudgeReports
import NudgeTestSupport
import Testing

/// `call remind`'s request, called as the executable calls it: a reminder asked for twice is
/// in place, one with another note offers the line that keeps both notes (never one that loses
/// the note it has), and a past day is refused before the store is read.
@Suite struct CallRequestTests {
    let directory = TemporaryDirectory()
    var store: String { directory.file("nudge.sqlite") }

    @Test func aSecondReminderWithAnotherNoteOffersTheLineThatKeepsBoth() throws {
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
        // Hostile round on issue 40, M5: `--note flowers` alone lost "birthday".
        #expect(
            refused?.message.hasSuffix("keep both notes with: call reminders edit 1 --note birthday; flowers") == true,
            "\(refused?.message ?? "")")
        #expect(refused?.exitCode == 64)
    }

    /// Asked again without a note, the reminder with its note is in place (exit 0), its note
    /// kept: `--note ''` was offered, which erased it (hostile round on issue 40, M5).
    @Test func aSecondReminderWithoutANoteKeepsTheNoteItHas() throws {
        let said = RequestContext(store: store)
        try ContactAdd(name: "Alice", every: nil).run(said.context)
        try CallRemind(contact: "Alice", inDays: 2, on: nil, at: nil, note: "birthday").run(said.context) { _ in "" }
        try CallRemind(contact: "Alice", inDays: 2, on: nil, at: nil, note: nil).run(said.context) {
            $0.joined(separator: " ")
        }
        #expect(
            said.lastLine?.hasSuffix("already exists (reminder 1, with its note); nothing added") == true,
            "\(said.lastLine ?? "")")
        let open = try StoreQuery.rows(store, "SELECT note FROM call_reminders WHERE id = 1")
        #expect(open.first?["note"] == "birthday")
    }

    @Test func aPastDayIsRefusedBeforeTheStoreIsRead() throws {
        let said = RequestContext(store: store)
        let past = CallRemind(contact: "nobody", inDays: nil, on: GivenDay("2000-01-01"), at: nil, note: nil)
        #expect(past.refusal(said.context)?.hasPrefix("--on 2000-01-01 is in the past; give today (") == true)
        #expect(throws: CommandFailure.self) { try past.run(said.context) { _ in "" } }
    }
}
