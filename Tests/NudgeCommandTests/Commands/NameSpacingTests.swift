import Foundation
import NudgeTestSupport
import Testing

/// A name a person types (a contact's, a medication's) is its words one space apart: stored
/// so, and matched so against names other programs stored with runs of spaces, so that two
/// names that look the same are one (hostile round on issue 40, M3).
@Suite struct NameSpacingTests: CommandScenario {
    let directory = TemporaryDirectory()

    @Test func contactsDifferingOnlyByInnerSpacesAreOne() throws {
        #expect(nudge("contacts", "add", "Ann  Lee").stdout.hasPrefix("added Ann Lee (id 1)"))
        try expectRefusal(["contacts", "add", "Ann Lee"], mentioning: "Ann Lee")
        #expect(try StoreQuery.rows(store, "SELECT name FROM contacts") == [["name": "Ann Lee"]])
        // As another program (Monica) stored it: typed single-spaced, it is that contact.
        #expect(nudge("contacts", "add", "Robin Hood").status == 0)
        try StoreQuery.write(store, "UPDATE contacts SET name = 'Robin   Hood' WHERE id = 2")
        let logged = nudge("call", "log", "Robin Hood")
        #expect(logged.status == 0, "\(logged)")
    }

    @Test func aMedicationsNameIsItsWordsOneSpaceApart() throws {
        #expect(nudge("meds", "add", "Sleep  aid", "--custom", "--dose", "5mg", "--at", "22:00").status == 0)
        #expect(
            try StoreQuery.rows(store, "SELECT medication_id FROM medication_schedules") == [
                ["medication_id": "Sleep aid"]
            ])
        #expect(nudge("meds", "edit", "Sleep   aid", "--dose", "10mg").status == 0)
        // As another program stored it: typed single-spaced, it is that medication.
        try StoreQuery.write(store, "UPDATE medication_schedules SET medication_id = 'Sleep  aid'")
        let removed = nudge("meds", "remove", "Sleep aid")
        #expect(removed.status == 0, "\(removed)")
        #expect(try StoreQuery.rows(store, "SELECT medication_id FROM medication_schedules").isEmpty)
    }

    /// `meds add`'s duplicate check and `meds taken`'s name, whole or its first words, match
    /// another program's runs of spaces as `meds edit` does (issue 40: they compared as stored).
    @Test func medsAddAndTakenMatchAnotherProgramsRunsOfSpaces() throws {
        #expect(nudge("meds", "add", "Sleep aid", "--custom", "--dose", "5mg", "--at", "22:00").status == 0)
        #expect(nudge("meds", "add", "Lithium carbonate", "--custom", "--dose", "300mg", "--at", "08:00").status == 0)
        // As DoseTap stored them.
        try StoreQuery.write(store, "UPDATE medication_schedules SET medication_id = 'Sleep  aid' WHERE id = 1")
        try StoreQuery.write(
            store, "UPDATE medication_schedules SET medication_id = 'Lithium   carbonate' WHERE id = 2")
        try expectRefusal(
            ["meds", "add", "sleep aid", "--custom", "--dose", "5mg", "--at", "22:00"], mentioning: "already taken")
        for (typed, stored) in [("Sleep aid", "Sleep  aid"), ("Lithium carbonate", "Lithium   carbonate")] {
            let taken = nudge("meds", "taken", typed)
            #expect(taken.status == 0, "\(typed): \(taken)")
            #expect(taken.stdout.hasPrefix(stored), "\(taken)")
        }
        #expect(
            try StoreQuery.rows(store, "SELECT medication_id, dose_mg FROM medication_events ORDER BY rowid") == [
                ["medication_id": "Sleep  aid", "dose_mg": "5"],
                ["medication_id": "Lithium   carbonate", "dose_mg": "300"],
            ])
    }
}
