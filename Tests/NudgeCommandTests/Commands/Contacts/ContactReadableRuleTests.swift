import Foundation
import NudgeTestSupport
import Testing

/// A contact another program named with blanks (`'   '`, past the table's CHECK) names no one
/// to call (issue 39, seventh round): one rule leaves it out of `contacts list` (naming it by
/// id), out of the call reminders `upcoming` and the daemon plan, and `nudge doctor` counts it
/// among the rows left out, not among those shown.
@Suite struct ContactReadableRuleTests: CommandScenario {
    let directory = TemporaryDirectory()

    func blankAlexsName() throws {
        for name in ["Sam", "Alex"] {
            let added = InProcessNudge.run(
                ["contacts", "add", name, "--every", "7", "--store", store],
                environment: environment.merging(["NUDGE_FAKE_NOW": "2026-10-23T12:00:00+02:00"]) { $1 })
            #expect(added.status == 0, "\(added)")
        }
        let blanked = try Subprocess.run(
            "/usr/bin/sqlite3",
            [store, "PRAGMA ignore_check_constraints = 1; UPDATE contacts SET name = '   ' WHERE name = 'Alex'"])
        #expect(blanked.status == 0, "\(blanked)")
    }

    @Test func theListingTheRemindersAndDoctorAgree() throws {
        try blankAlexsName()
        let listed = nudge("contacts", "list")
        #expect(listed.status == 0, "\(listed)")
        let rows = listed.stdout.split(separator: "\n").dropFirst()
        #expect(rows.count == 1 && rows.first?.split(separator: " ").prefix(2) == ["1", "Sam"], "\(listed)")
        #expect(
            listed.stderr.contains("a row another program wrote cannot be read and is left out (contacts id 2)"),
            "\(listed)")

        let upcoming = nudge("upcoming")
        #expect(upcoming.stdout.contains("Sam"), "\(upcoming)")
        #expect(upcoming.stderr.contains("contacts id 2"), "\(upcoming)")

        let doctor = try NudgeBinary.run(["doctor"], environment: environment.merging(["NUDGE_STORE": store]) { $1 })
        #expect(
            doctor.stdout.contains(
                "WARNING rows against a column's rule: 1 row another program wrote (1 in contacts.name); nudge cannot read it and leaves it out"
            ), "\(doctor)")
        #expect(!doctor.stdout.contains("nudge shows it"), "\(doctor)")
    }

    /// A call whose time is no time: `call history` leaves it out and names it, and doctor
    /// counts it among the rows left out (it counted none: no CHECK reads that column).
    @Test func aCallWithoutATimeIsLeftOutAndCounted() throws {
        #expect(nudge("contacts", "add", "Sam").status == 0)
        let written = try Subprocess.run(
            "/usr/bin/sqlite3",
            [
                store,
                "INSERT INTO call_logs (id, contact_id, called_at, created_at, updated_at) VALUES ('c1', 1, 'yesterday', '2026-11-22T10:00:00Z', '2026-11-22T10:00:00Z')",
            ])
        #expect(written.status == 0, "\(written)")
        let history = nudge("call", "history")
        #expect(history.stderr.contains("(call_logs id c1)"), "\(history)")
        let doctor = try NudgeBinary.run(["doctor"], environment: environment.merging(["NUDGE_STORE": store]) { $1 })
        #expect(
            doctor.stdout.contains(
                "WARNING rows against a column's rule: 1 row another program wrote (1 in call_logs.called_at); nudge cannot read it and leaves it out"
            ), "\(doctor)")
    }
}
