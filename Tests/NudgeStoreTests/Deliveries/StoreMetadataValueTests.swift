import Foundation
import GRDB
import NudgeCore
import NudgeTestSupport
import Testing

@testable import NudgeStore

/// What the daemon keeps for itself in `store_metadata` (one accessor, `StoreMetadataValue`):
/// each key's text stays the form older versions of nudge read, and what another program wrote
/// there in another form or type reads as none, never as a failure.
@Suite struct StoreMetadataValueTests {
    let directory = TemporaryDirectory()
    let store: Store
    let now = Timestamp.parse("2026-11-21T20:00:00.123Z")!

    init() throws {
        store = try Store(path: directory.file("nudge.sqlite"))
    }

    private func stored(_ key: String) throws -> String? {
        try DatabaseQueue(path: directory.file("nudge.sqlite")).read { db in
            try String.fetchOne(db, sql: "SELECT value FROM store_metadata WHERE key = ?", arguments: [key])
        }
    }

    private func write(_ key: String, _ value: any DatabaseValueConvertible) throws {
        try DatabaseQueue(path: directory.file("nudge.sqlite")).write { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO store_metadata (key, value) VALUES (?, ?)", arguments: [key, value])
        }
    }

    private func claimed() throws -> DeliveryRecord {
        let occurrence = Occurrence(kind: .symptom, key: "symptom:2026-11-21", dueAt: now, title: "Symptom check")
        return try #require(try store.claim(occurrence))
    }

    @Test func eachKeyKeepsItsStoredText() throws {
        try store.recordQuietFailure(Store.QuietFailure(at: now, change: "plasma", reason: "no Inhibit here"))
        try store.recordQuietedDesktop(Store.QuietedDesktop(span: "meditation:7", change: "dunst"))
        let delivery = try claimed()
        try store.recordAwake(on: delivery, at: now)
        try store.recordEscalationAwake(key: "dose:2026-11-21", at: now)
        #expect(try stored("desktop_quiet_failed") == "2026-11-21T20:00:00Z plasma no Inhibit here")
        #expect(try stored("desktop_quieted") == "meditation:7 dunst")
        #expect(try stored("alarm_awake") == "2026-11-21T20:00:00.123Z \(delivery.id) symptom:2026-11-21")
        #expect(try stored("escalation_awake") == "2026-11-21T20:00:00.123Z dose:2026-11-21")
        #expect(try store.quietFailure()?.reason == "no Inhibit here")
        #expect(try store.quietedDesktop() == Store.QuietedDesktop(span: "meditation:7", change: "dunst"))
        #expect(try store.isAwakeAnswered(delivery))
        #expect(try store.escalationAwake(key: "dose:2026-11-21") == now)
        #expect(try store.escalationAwake(key: "dose:2026-11-20") == nil)
    }

    @Test func nilRemovesTheKey() throws {
        try store.recordQuietedDesktop(Store.QuietedDesktop(span: "meditation:7", change: "left"))
        try store.recordQuietedDesktop(nil)
        #expect(try stored("desktop_quieted") == nil)
        #expect(try store.quietedDesktop() == nil)
    }

    @Test(arguments: ["garbage", "", "not-a-time plasma reason"])
    func anotherFormReadsAsNone(text: String) throws {
        for key in ["desktop_quiet_failed", "desktop_quieted", "alarm_awake", "escalation_awake"] {
            try write(key, text)
        }
        let delivery = try claimed()
        #expect(try store.quietFailure() == nil)
        #expect(try store.quietedDesktop() == nil)
        #expect(try !store.isAwakeAnswered(delivery))
        #expect(try store.escalationAwake(key: "plasma reason") == nil)
    }

    @Test func anotherTypeReadsAsNone() throws {
        try write("desktop_quiet_failed", 5)
        try write("alarm_awake", Data([0xff, 0xfe]))
        #expect(try store.quietFailure() == nil)
        #expect(try !store.isAwakeAnswered(claimed()))
    }
}
