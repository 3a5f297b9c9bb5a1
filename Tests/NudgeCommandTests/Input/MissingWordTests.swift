import Foundation
import NudgeTestSupport
import Testing

/// A command typed without its id, key or an option's value is refused with one line naming
/// what is missing, how the command is typed and where the ids are listed, never the parser's
/// "Missing expected argument '<id>'".
@Suite struct MissingWordTests: CommandScenario {
    let directory = TemporaryDirectory()

    /// The refusal of `typed` with the store given by NUDGE_STORE, so that the option left
    /// without its value is the last word, as a person types it.
    private func refusal(_ typed: [String]) throws -> String {
        try StoreQuery.create(store)
        let before = try StoreDump.of(store)
        let result = InProcessNudge.run(typed, environment: environment.merging(["NUDGE_STORE": store]) { $1 })
        #expect(result.status == 64, "\(typed): \(result)")
        #expect(result.stdout.isEmpty, "\(typed): \(result)")
        #expect(try StoreDump.of(store) == before)
        return result.stderr
    }

    @Test(arguments: [
        (["ack"], "nudge: nudge ack is missing its ID: nudge ack ID ANSWER; nudge history lists the ids\n"),
        (
            ["settings", "reset"],
            "nudge: nudge settings reset is missing its KEY: nudge settings reset KEY; nudge settings lists the keys\n"
        ),
        (
            ["settings", "set"],
            "nudge: nudge settings set is missing its KEY: nudge settings set KEY VALUE; nudge settings lists the keys\n"
        ),
        (
            ["call", "edit"],
            "nudge: nudge call edit is missing its ID: nudge call edit ID [OPTIONS]; nudge call history lists the ids\n"
        ),
        (
            ["call", "reminders", "cancel"],
            "nudge: nudge call reminders cancel is missing its ID: nudge call reminders cancel ID; nudge call reminders lists the ids\n"
        ),
        (
            ["meditations", "add", "--at", "yesterday 9:00"],
            "nudge: nudge meditations add is missing --minutes: nudge meditations add --at TIME --minutes N\n"
        ),
        (
            ["journal", "reflect", "0e2248cb", "--text"],
            "nudge: --text is given no value; give it after the option: nudge journal reflect 0e2248cb --text TEXT\n"
        ),
        (
            ["log", "symptom", "headache", "--severity"],
            "nudge: --severity is given no value; give it after the option: nudge log symptom headache --severity N\n"
        ),
    ])
    func aMissingWordIsNamedWithHowItIsTyped(typed: [String], refusal expected: String) throws {
        #expect(try refusal(typed) == expected)
    }
}
