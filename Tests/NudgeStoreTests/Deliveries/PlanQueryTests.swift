import Foundation
import GRDB
import NudgeCore
import NudgeTestSupport
import Synchronization
import Testing

@testable import NudgeStore

/// What a plan reads must not grow with the store's history: no statement of a plan reads a
/// whole table that gains rows every day. Each statement a plan runs is traced and its query
/// plan asked of SQLite.
@Suite struct PlanQueryTests {
    let directory = TemporaryDirectory()

    /// Tables that gain rows for as long as the store is used.
    static let growing = [
        "reminder_deliveries", "call_reminders", "call_logs", "symptom_entries", "dose_events", "meditation_sessions",
        "sleep_sessions",
    ]
    /// Partial indexes: a scan of one reads only the rows that are still open.
    static let partial = ["reminder_deliveries_owed", "call_reminders_open", "meditation_sessions_running"]

    @Test func aPlanReadsNoWholeTableThatGrowsWithTheYears() throws {
        let now = try #require(Timestamp.parse("2026-11-22T18:00:00Z"))
        let store = try Store(path: directory.file("nudge.sqlite"), now: now)
        let statements = Mutex<[String]>([])
        store.database.writeWithoutTransaction { db in
            db.trace(options: .statement) { event in
                let sql = event.expandedDescription
                if sql.uppercased().hasPrefix("SELECT") { statements.withLock { $0.append(sql) } }
            }
        }
        _ = try store.scheduleInput(at: now, clock: WallClock(zone: .system("Europe/Berlin")))
        store.database.writeWithoutTransaction { db in db.trace(options: []) }
        let traced = statements.withLock { $0 }
        #expect(traced.count >= 5)
        var scans: [String] = []
        try store.database.read { db in
            for sql in traced {
                for line in try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN \(sql)").map({ $0["detail"] as String }) {
                    let words = line.split(separator: " ").map(String.init)
                    guard words.first == "SCAN", words.count > 1 else { continue }
                    // `SCAN r` names an alias: the table is in the statement's FROM.
                    let table = Self.growing.first { sql.contains("FROM \($0) \(words[1]) ") || $0 == words[1] }
                    guard let table, !Self.partial.contains(where: line.contains) else { continue }
                    scans.append("\(table): \(line) in \(sql)")
                }
            }
        }
        #expect(scans.isEmpty, "\(scans.joined(separator: "\n"))")
    }
}
