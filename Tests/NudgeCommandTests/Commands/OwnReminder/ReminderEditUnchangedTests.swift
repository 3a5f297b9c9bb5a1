import Foundation
import NudgeTestSupport
import Testing

/// An edit that changes nothing says so, as `meds edit` does, and writes nothing (hostile
/// round of issue 42 after G13: `reminders edit 2 --monthly 29` said "changed").
@Suite struct ReminderEditUnchangedTests: CommandScenario {
    let directory = TemporaryDirectory()
    let environment = CommandScenarioClock.newYorkEvening

    @Test func anEditThatChangesNothingSaysUnchanged() throws {
        #expect(nudge("remind", "Pay the rent", "--monthly", "29", "--at", "10:00").status == 0)
        let before = try StoreQuery.rows(store, "SELECT * FROM own_reminders")
        let edited = nudge("reminders", "edit", "1", "--monthly", "29", "--at", "10:00", "--text", "Pay the rent")
        #expect(edited.status == 0, "\(edited)")
        #expect(edited.stdout.hasPrefix("unchanged: reminder 1: Pay the rent"), "\(edited)")
        #expect(edited.stdout.hasSuffix(" already\n"), "\(edited)")
        #expect(try StoreQuery.rows(store, "SELECT * FROM own_reminders") == before)
        let changed = nudge("reminders", "edit", "1", "--at", "11:00")
        #expect(changed.stdout.hasPrefix("changed reminder 1:"), "\(changed)")
    }
}
