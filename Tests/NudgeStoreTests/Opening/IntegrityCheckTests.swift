import Foundation
import GRDB
import NudgeCore
import NudgeTestSupport
import Testing

@testable import NudgeStore

/// Rows another program wrote against a column's rule are not damage: the store is backed up
/// with them, its quick check finds nothing, and its backups list as sound; damage still is.
struct IntegrityCheckTests {
    let directory = TemporaryDirectory()
    var path: String { directory.file("nudge.sqlite") }

    @Test func complaintsAreSortedIntoDamageAndRowsAgainstTheirRules() {
        #expect(IntegrityCheck(answers: ["ok"]) == IntegrityCheck(answers: ["ok"]))
        #expect(
            IntegrityCheck(answers: ["ok"]).isSound && IntegrityCheck(answers: ["ok"]).rowsAgainstTheirRules.isEmpty)
        let rules = IntegrityCheck(answers: [
            "CHECK constraint failed in symptom_entries", "NULL value in symptom_entries.logged_at",
        ])
        #expect(rules.isSound && rules.rowsAgainstTheirRules.count == 2)
        let damaged = IntegrityCheck(answers: [
            "CHECK constraint failed in symptom_entries",
            "*** in database main ***\nPage 42: free space corruption\nPage 43: never used",
        ])
        #expect(damaged.damage == "Page 42: free space corruption")
        #expect(IntegrityCheck(answers: []).damage == "no answer")
    }

    @Test func aRowAgainstItsRuleDoesNotStopTheBackups() throws {
        let now = try #require(Timestamp.parse("2026-11-22T12:00:00Z"))
        let store = try Store(path: path, now: now)
        _ = try store.addSymptom(name: "Headache", severity: 3, notes: nil, loggedAt: now, now: now)
        try DatabaseQueue(path: path).writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA ignore_check_constraints = 1")
            try db.execute(sql: "UPDATE symptom_entries SET severity = 'high'")
        }
        #expect(try store.health().integrity.rowsAgainstTheirRules == ["CHECK constraint failed in symptom_entries"])
        #expect(try store.quickCheck() == nil)
        let backup = try store.backUp(into: directory.file("backups"), at: now)
        #expect(BackupDirectory.inspect(backup.path).isSound)
    }

    /// A severity of 2.5 another program wrote is no whole number: left out of the listing and
    /// counted by doctor (eleventh round: it was shown as 2, GRDB cutting the REAL); 2.0 is 2.
    @Test func aSeverityWithAFractionIsUnreadable() throws {
        let now = Date()
        let store = try Store(path: directory.file("nudge.sqlite"), now: now.addingTimeInterval(-60))
        _ = try store.addSymptom(name: "Headache", severity: 3, notes: nil, loggedAt: now, now: now)
        _ = try store.addSymptom(name: "Cough", severity: 3, notes: nil, loggedAt: now, now: now)
        try store.write { db in
            try db.execute(sql: "PRAGMA ignore_check_constraints = 1")
            try db.execute(sql: "UPDATE symptom_entries SET severity = 2.5 WHERE name = 'Headache'")
            try db.execute(sql: "UPDATE symptom_entries SET severity = 2.0 WHERE name = 'Cough'")
            try db.execute(sql: "PRAGMA ignore_check_constraints = 0")
        }
        let clock = WallClock(zone: .system("UTC"))
        let listed = try store.symptoms(from: nil, through: nil, clock: clock)
        #expect(listed.map(\.name) == ["Cough"] && listed.first?.severity == 2, "\(listed)")
        let counted = try store.rowsAgainstTheirRules().filter { $0.table == "symptom_entries" }
        #expect(counted.map(\.count).reduce(0, +) == 1 && counted.allSatisfy(\.isLeftOut), "\(counted)")
    }
}
