import Foundation
import NudgeTestSupport
import Testing

/// Another program's verb for a thing nudge does not have gets nudge's verb alone, not a whole
/// line that would be refused typed back (hostile round on issue 40 after A15, M4: `contacts
/// delete Nobody` offered `contacts remove Nobody`); the whole line is offered once the thing
/// exists.
@Suite struct SuggestedLineFindsItsThingTests: CommandScenario {
    let directory = TemporaryDirectory()

    @Test(arguments: [
        (
            ["contacts", "delete", "Nobody"],
            "nudge contacts has no command 'delete'; did you mean nudge contacts remove?"
        ),
        (["contacts", "change", "Nobody", "--every", "7"], "did you mean nudge contacts edit?"),
        (["meds", "delete", "Lithium"], "nudge meds has no command 'delete'; did you mean nudge meds remove?"),
        (["meds", "rm", "Lithium"], "nudge meds has no command 'rm'; did you mean nudge meds remove?"),
        (["meds", "change", "Lithium", "--dose", "400mg"], "did you mean nudge meds edit?"),
        (["meds", "edt", "Lithium", "--dose", "400mg"], "nudge meds has no command 'edt'; did you mean edit?"),
        (["reminders", "remove", "77"], "did you mean nudge reminders delete?"),
        (["call", "reminders", "delete", "77"], "did you mean nudge call reminders cancel?"),
        (["call", "reminders", "change", "1", "--at", "18:00"], "did you mean nudge call reminders edit?"),
        (["meditations", "remove", "abcd1234"], "did you mean nudge meditations delete?"),
        (["journal", "remove", "abcd1234"], "did you mean nudge journal delete?"),
        (["symptoms", "remove", "abcd1234"], "did you mean nudge symptoms delete?"),
        // Not read as a contact's name (issue 40: "a call is logged with: nudge call log CONTACT").
        (["call", "remove", "abcd"], "nudge call has no command 'remove'; did you mean nudge call delete?"),
    ])
    func whatDoesNotExistGetsTheVerbOnly(arguments: [String], words: String) throws {
        try StoreQuery.create(store)
        let result = try InProcessNudge.expectRefusal(
            arguments, store: store, environment: environment, mentioning: "did you mean")
        #expect(result.stderr.hasSuffix(words + "\n"), "\(result.stderr)")
        #expect(!result.stderr.contains("did you mean:"), "\(result.stderr)")
    }

    @Test func whatExistsGetsTheWholeLine() throws {
        #expect(nudge("contacts", "add", "Sam").status == 0)
        #expect(nudge("meds", "add", "modafinil", "--dose", "100mg", "--at", "08:00").status == 0)
        #expect(nudge("remind", "Water", "--daily", "--at", "21:00").status == 0)
        #expect(nudge("call", "remind", "Sam", "--in", "2").status == 0)
        for (typed, meant) in [
            (["contacts", "delete", "Sam"], "nudge contacts remove Sam"),
            (["meds", "delete", "modafinil"], "nudge meds remove modafinil"),
            (["meds", "change", "modafinil", "--dose", "200mg"], "nudge meds edit modafinil --dose 200mg"),
            (["reminders", "remove", "1"], "nudge reminders delete 1"),
            (["call", "reminders", "delete", "1"], "nudge call reminders cancel 1"),
        ] {
            let result = try InProcessNudge.expectRefusal(
                typed, store: store, environment: environment, mentioning: "did you mean")
            #expect(result.stderr.hasSuffix("did you mean: \(meant) --store \(store)\n"), "\(result.stderr)")
        }
        // Last: the call closes Sam's one-off reminder.
        #expect(nudge("call", "log", "Sam").status == 0)
        let call = String(try #require(try StoreQuery.rows(store, "SELECT id FROM call_logs").first?["id"]).prefix(8))
        let result = try InProcessNudge.expectRefusal(
            ["call", "remove", call], store: store, environment: environment, mentioning: "did you mean")
        #expect(
            result.stderr.hasSuffix("did you mean: nudge call delete \(call) --store \(store)\n"), "\(result.stderr)")
    }
}
