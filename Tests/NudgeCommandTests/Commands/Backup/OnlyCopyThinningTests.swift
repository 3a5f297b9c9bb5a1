import Foundation
import NudgeTestSupport
import Testing

/// The thinning never takes the only copy of a row at once (hostile round 30 on issue 39, High
/// 3): `symptoms delete ID --yes; nudge backup` on the day of the morning's backup removed that
/// backup, the deleted entry's only copy. A backup the policy would remove that holds rows the
/// newest lacks stays while its day is among the 7 daily days, and `nudge backup` says why.
struct OnlyCopyThinningTests {
    let directory = TemporaryDirectory()

    @discardableResult
    func nudge(_ arguments: String..., store: String, at fakeNow: String) -> CommandResult {
        let result = InProcessNudge.run(
            arguments + ["--store", store], environment: ["TZ": "UTC", "NUDGE_FAKE_NOW": fakeNow])
        #expect(result.status == 0, "\(arguments) at \(fakeNow): \(result)")
        return result
    }

    func backups(of store: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: store + ".backups").filter { $0.hasPrefix("nudge-") }
            .sorted()
    }

    @Test func aBackupHoldingADeletedEntryStaysThroughTheDailyDays() throws {
        let store = directory.file("nudge.sqlite")
        nudge("log", "symptom", "sneeze", "--severity", "2", store: store, at: "2026-11-20T09:00:00Z")
        nudge("log", "symptom", "cough", "--severity", "3", store: store, at: "2026-11-20T09:10:00Z")
        nudge("backup", store: store, at: "2026-11-20T10:00:00Z")
        let sneeze = try #require(
            try StoreQuery.rows(store, "SELECT id FROM symptom_entries WHERE name = 'sneeze'").first?["id"])
        nudge("symptoms", "delete", String(sneeze.prefix(8)), "--yes", store: store, at: "2026-11-20T11:00:00Z")
        let afterDelete = nudge("backup", store: store, at: "2026-11-20T12:00:00Z")
        #expect(
            afterDelete.stdout.contains("; nudge-20261120T100000Z.sqlite kept: holds 1 row the newer backups lack"),
            "\(afterDelete)")
        #expect(try backups(of: store) == ["nudge-20261120T100000Z.sqlite", "nudge-20261120T120000Z.sqlite"])
        let morning = store + ".backups/nudge-20261120T100000Z.sqlite"
        #expect(try StoreQuery.rows(morning, "SELECT id FROM symptom_entries WHERE id = '\(sneeze)'").count == 1)
        // A backup that holds nothing the newest lacks still goes at once.
        let again = nudge("backup", store: store, at: "2026-11-20T13:00:00Z")
        #expect(
            again.stdout.contains("removed as the daily backups are kept (nudge(5)): nudge-20261120T120000Z.sqlite"))
        #expect(try backups(of: store) == ["nudge-20261120T100000Z.sqlite", "nudge-20261120T130000Z.sqlite"])
        // Its day among the 7 newest days that have a backup, it stays; then it goes, as that
        // day's own backup goes (what bounds the folder).
        for day in 21...26 { nudge("backup", store: store, at: "2026-11-\(day)T10:00:00Z") }
        #expect(try backups(of: store).contains("nudge-20261120T100000Z.sqlite"))
        nudge("backup", store: store, at: "2026-11-27T10:00:00Z")
        let left = try backups(of: store)
        #expect(!left.contains("nudge-20261120T100000Z.sqlite"), "\(left)")
    }
}
