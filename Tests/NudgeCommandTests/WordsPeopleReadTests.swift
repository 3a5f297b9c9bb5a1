import Foundation
import NudgeTestSupport
import Testing

/// What a person reads says what happened in words: the dose-2 phase, and what an edit changed.
@Suite struct WordsPeopleReadTests: CommandScenario {
    let directory = TemporaryDirectory()

    @Test func doseStatusSaysThePhaseInWords() {
        #expect(nudge("dose", "1", "--at", "19:30").status == 0)
        #expect(nudge("dose", "status").stdout.hasPrefix("phase     waiting for the window to open (beforeWindow)\n"))
        #expect(nudge("dose", "skip").status == 0)
        #expect(nudge("dose", "status").stdout.hasPrefix("phase     done for tonight (completed)\n"))
    }

    @Test func contactsEditSaysWhatChanged() {
        #expect(nudge("contacts", "add", "Sam", "--every", "7").status == 0)
        #expect(
            nudge("contacts", "edit", "Sam", "--every", "10").stdout
                == "updated Sam (id 1): every 10 days (was every 7 days)\n")
        #expect(
            nudge("contacts", "edit", "Sam", "--no-cadence").stdout
                == "updated Sam (id 1): no cadence (was every 10 days)\n")
        #expect(nudge("contacts", "edit", "sam", "--name", "Sam").stdout == "updated Sam (id 1): nothing changed\n")
    }
}
