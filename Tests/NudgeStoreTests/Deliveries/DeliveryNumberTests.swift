import Foundation
import GRDB
import NudgeCore
import NudgeTestSupport
import Testing

@testable import NudgeStore

/// Delivery ids are never given twice (issue 39, round 17): a restore records the highest id
/// the store had given, and every delivery is numbered past it, by a claim, a miss or a
/// snooze's follow-up; a mark another program spoiled never stops a delivery.
@Suite struct DeliveryNumberTests {
    let directory = TemporaryDirectory()
    let store: Store
    let now = Timestamp.parse("2026-11-21T20:00:00Z")!

    init() throws {
        store = try Store(path: directory.file("nudge.sqlite"))
    }

    private func occurrence(_ day: String) -> Occurrence {
        Occurrence(kind: .symptom, key: "symptom:\(day)", dueAt: now, title: "Daily symptom check")
    }

    private func setMark(_ value: String) throws {
        try DatabaseQueue(path: directory.file("nudge.sqlite")).write { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO store_metadata (key, value) VALUES ('deliveries_issued_through', ?)",
                arguments: [value])
        }
    }

    @Test func deliveriesAreNumberedPastTheRecordedMark() throws {
        try setMark("41")
        #expect(try store.claim(occurrence("2026-11-21"))?.id == 42)
        let missed = try store.recordMissed([occurrence("2026-11-22")], at: now)
        #expect(missed.count == 1)
        #expect(try store.delivery(key: "symptom:2026-11-22")?.id == 43)
    }

    @Test(arguments: ["garbage", "-5", "99999999999999999999", "NaN", ""])
    func aSpoiledMarkNeverStopsADelivery(value: String) throws {
        try setMark(value)
        #expect(try store.claim(occurrence("2026-11-21"))?.id == 1)
    }
}
