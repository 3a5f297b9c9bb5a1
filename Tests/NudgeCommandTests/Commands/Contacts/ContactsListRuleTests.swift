import Foundation
import GRDB
import NudgeTestSupport
import Testing

/// `contacts list` says what the call rule does: NEXT DUE and OVERDUE from one due date, and a
/// cadence another program wrote unreadably named as such, with its fix, never passed over.
@Suite struct ContactsListRuleTests: CommandScenario {
    let directory = TemporaryDirectory()

    /// Sam, every 7 days, added on 2026-10-23 (30 days before now) and never called.
    private func samAddedAMonthAgo() {
        let added = InProcessNudge.run(
            ["contacts", "add", "Sam", "--every", "7", "--store", store],
            environment: environment.merging(["NUDGE_FAKE_NOW": "2026-10-23T12:00:00+02:00"]) { $1 })
        #expect(added.status == 0, "\(added)")
    }

    private func execute(_ sql: String) throws {
        let database = try DatabaseQueue(path: store)
        defer { try? database.close() }
        try database.write { try $0.execute(sql: sql) }
    }

    private func listedJSON() throws -> [String: Any] {
        let listed = nudge("contacts", "list", "--json")
        #expect(listed.status == 0 && listed.stderr.isEmpty, "\(listed)")
        let rows = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]]
        return try #require(rows?.first)
    }

    /// Never called, its reminder shown on the 20th: the cadence counts from then (due the
    /// 27th), so it is not overdue; before the reminder, it was, by the days since it was due.
    @Test func overdueCountsFromTheDueDateTheRuleGives() throws {
        samAddedAMonthAgo()
        let before = try listedJSON()
        #expect(before["next_due_at"] as? String == "2026-10-30T08:00:00Z", "\(before)")
        #expect(before["overdue"] as? Bool == true && before["overdue_days"] as? Int == 23, "\(before)")

        try execute("INSERT INTO call_cadence (contact_id, restarted_on) VALUES (1, '2026-11-20')")
        let after = try listedJSON()
        #expect(after["next_due_at"] as? String == "2026-11-27T08:00:00Z", "\(after)")
        #expect(after["overdue"] as? Bool == false && after["overdue_days"] is NSNull, "\(after)")
        let row = nudge("contacts", "list").stdout.split(separator: "\n").last ?? ""
        #expect(row.hasSuffix("2026-11-27 09:00  -"), "\(row)")
    }

    /// 'weekly' in `stay_in_touch_days`: listed as unreadable, one line on stderr naming the
    /// contact and the fix, without the value; the fix says what it replaced, and then the
    /// listing is quiet.
    @Test func aCadenceAnotherProgramWroteAsTextIsUnreadableWithItsFix() throws {
        samAddedAMonthAgo()
        try execute("UPDATE contacts SET stay_in_touch_days = 'weekly' WHERE id = 1")
        let listed = nudge("contacts", "list")
        #expect(listed.status == 0, "\(listed)")
        let row = listed.stdout.split(separator: "\n").last ?? ""
        #expect(
            row.split(separator: " ") == ["1", "Sam", "unreadable", "never", "0", "0", "-", "-"], "\(listed.stdout)")
        #expect(
            listed.stderr
                == "nudge: the cadence another program wrote for contact 1 cannot be read, so it gets no call reminders; set it with: nudge contacts edit id:1 --every DAYS (or --no-cadence)\n",
            "\(listed)")
        #expect(!listed.stderr.contains("weekly"))
        let json = nudge("contacts", "list", "--json")
        #expect(json.status == 0 && json.stderr == listed.stderr, "\(json)")

        let fixed = nudge("contacts", "edit", "id:1", "--every", "7")
        #expect(
            fixed.status == 0 && fixed.stdout == "updated Sam (id 1): every 7 days (was an unreadable cadence)\n",
            "\(fixed)")
        let quiet = nudge("contacts", "list")
        #expect(quiet.stderr.isEmpty && quiet.stdout.contains("7 days"), "\(quiet)")
    }
}
