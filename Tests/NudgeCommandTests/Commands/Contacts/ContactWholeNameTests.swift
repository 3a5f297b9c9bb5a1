import Foundation
import NudgeTestSupport
import Testing

/// A contact is named by its whole name or its id, never by a part of a name (issue 40, hostile
/// round: `call log Anna` logged a call with Joanna, `contacts remove x --delete-calls` removed
/// Alexandra and her calls). A part is refused with the names it resembles, each of which works
/// when typed back.
@Suite struct ContactWholeNameTests: CommandScenario {
    let directory = TemporaryDirectory()

    func add(_ arguments: String...) {
        let added = nudge(arguments)
        #expect(added.status == 0, "\(added)")
    }

    @Test func aPartOfANameIsRefusedWithNamesThatWork() throws {
        add("contacts", "add", "Ann", "--every", "7")
        add("contacts", "add", "Joanna", "--every", "7")
        add("contacts", "add", "Alexandra Smith")
        add("call", "log", "Alexandra Smith", "--notes", "x", "--at", "12:00")
        let anna = try InProcessNudge.expectRefusal(
            ["call", "log", "Anna"], store: store, environment: environment,
            mentioning: "no contact is named 'Anna'; give the whole name or the id; did you mean: Ann, or Joanna?")
        #expect(!anna.stderr.contains("logged"))
        for refused in [
            ["call", "log", "o"], ["call", "remind", "jo", "--in", "2d"], ["contacts", "edit", "Jo", "--every", "3"],
            ["contacts", "remove", "x", "--delete-calls", "--yes"], ["call", "history", "smith"],
        ] {
            try InProcessNudge.expectRefusal(
                refused, store: store, environment: environment, mentioning: "no contact is named")
        }
        try InProcessNudge.expectRefusal(
            ["call", "log", "smith"], store: store, environment: environment,
            mentioning: "did you mean: 'Alexandra Smith'?")
        let typedBack = nudge("call", "log", "Alexandra Smith")
        #expect(typedBack.stdout.contains("logged a call with Alexandra Smith"), "\(typedBack)")
        let anyCase = nudge("call", "log", "  joanna ")
        #expect(anyCase.stdout.contains("logged a call with Joanna"), "\(anyCase)")
    }

    /// Off a terminal, deleting a contact's call history needs --yes, as every delete does.
    @Test func deletingTheCallsNeedsYesOffATerminal() throws {
        add("contacts", "add", "Alexandra")
        add("call", "log", "Alexandra", "--notes", "x")
        try InProcessNudge.expectRefusal(
            ["contacts", "remove", "Alexandra", "--delete-calls"], store: store, environment: environment,
            mentioning: "deleting Alexandra (id 1) and 1 logged call needs --yes")
        let removed = nudge("contacts", "remove", "Alexandra", "--delete-calls", "--yes")
        #expect(removed.stdout == "removed Alexandra (id 1) and 1 logged call\n", "\(removed)")
        #expect(try StoreQuery.rows(store, "SELECT id FROM call_logs").isEmpty)
    }
}
