import Foundation
import NudgeTestSupport
import Testing

/// A reminder's text where its id goes is refused in nudge's words, with where the id is found,
/// never repeating the text (hostile round of issue 40: `reminders edit 'water the plants'` got
/// ArgumentParser's "The value 'water the plants' is invalid for '<id>'").
@Suite struct RowIDRefusalTests: CommandScenario {
    let directory = TemporaryDirectory()

    @Test(arguments: [
        (["reminders", "edit", "water the plants", "--text", "x"], "nudge reminders"),
        (["reminders", "delete", "water the plants", "--yes"], "nudge reminders"),
        (["call", "reminders", "edit", "water the plants", "--at", "10:00"], "nudge call reminders"),
        (["call", "reminders", "cancel", "water the plants"], "nudge call reminders"),
    ])
    func aTextWhereTheIdGoesIsRefusedWithWhereToFindIt(arguments: [String], listing: String) throws {
        try StoreQuery.create(store)
        let refused = try InProcessNudge.expectRefusal(
            arguments, store: store, environment: environment,
            mentioning: "nudge: give the reminder's id, the number \(listing) lists in its ID column, not its text\n")
        #expect(!refused.stderr.contains("water"), "\(refused)")
    }
}
