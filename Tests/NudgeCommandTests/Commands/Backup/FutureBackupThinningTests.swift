import Foundation
import NudgeTestSupport
import Testing

/// Backups dated ahead of the clock (issue 39, fifth round): taken while the clock was ahead,
/// they took the daily, weekly and monthly places, so each real day's backup was removed by
/// the next day's. The thinning counts backups not in the future only; those ahead are kept
/// apart, and cost no real day.
struct FutureBackupThinningTests {
    let directory = TemporaryDirectory()

    func nudge(_ arguments: String..., store: String, at fakeNow: String) {
        let result = InProcessNudge.run(
            arguments + ["--store", store], environment: ["TZ": "UTC", "NUDGE_FAKE_NOW": fakeNow])
        #expect(result.status == 0, "\(arguments) at \(fakeNow): \(result)")
    }

    func backups(of store: String) throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: store + ".backups").filter { $0.hasPrefix("nudge-") })
    }

    @Test func backupsFromAClockThatWasAheadCostNoRealDay() throws {
        let ahead = directory.file("ahead.sqlite")
        let plain = directory.file("plain.sqlite")
        nudge("log", "symptom", "sneeze", "--severity", "2", store: ahead, at: "2027-06-01T09:00:00Z")
        for day in 1...20 {
            nudge("backup", store: ahead, at: String(format: "2027-06-%02dT10:00:00Z", day))
        }
        let future = try backups(of: ahead)
        nudge("log", "symptom", "sneeze", "--severity", "2", store: plain, at: "2026-11-10T09:00:00Z")
        for day in 10...25 {
            for store in [ahead, plain] {
                nudge("backup", store: store, at: String(format: "2026-11-%02dT10:00:00Z", day))
            }
        }
        let real = try backups(of: plain)
        // 7 days, the newest of 3 ISO weeks (the 15th's adds one) and of 1 month: 8 files.
        #expect(real.count == 8, "\(real.sorted())")
        let kept = try backups(of: ahead)
        #expect(kept == real.union(future), "\(kept.sorted())")
    }

    /// One dated ahead beside one of now (hostile round 17): doctor said "1 kept" and `backups`
    /// listed it last unsaid, `--json` with nothing to tell it apart. Each says it now.
    @Test func aBackupAheadOfTheClockIsCountedAndNamedApart() throws {
        let store = directory.file("nudge.sqlite")
        nudge("log", "symptom", "sneeze", "--severity", "2", store: store, at: "2026-11-20T09:00:00Z")
        nudge("backup", store: store, at: "2026-12-05T10:00:00Z")
        nudge("backup", store: store, at: "2026-11-20T10:00:00Z")
        let environment = ["TZ": "UTC", "NUDGE_FAKE_NOW": "2026-11-20T11:00:00Z"]
        let doctor = InProcessNudge.run(["doctor", "--store", store], environment: environment)
        #expect(
            doctor.stdout.contains("; 1 kept in \(store).backups, and 1 dated ahead of the clock"), "\(doctor)")
        let listed = InProcessNudge.run(["backups", "--store", store], environment: environment)
        #expect(listed.stdout.contains("\nthe last is dated ahead of the clock"), "\(listed)")
        let json = InProcessNudge.run(["backups", "--json", "--store", store], environment: environment)
        let rows = try #require(
            try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]], "\(json)")
        #expect(rows.map { $0["ahead_of_clock"] as? Bool } == [false, true], "\(json)")
    }

    /// The only sound backup dated ahead of the clock (hostile round on issue 41, Medium 5):
    /// `backups` said restore --latest never takes it, and the restore took it unsaid.
    @Test func theOnlyBackupAheadOfTheClockIsRestoredSaidSo() throws {
        let store = directory.file("nudge.sqlite")
        nudge("log", "symptom", "sneeze", "--severity", "2", store: store, at: "2026-11-20T09:00:00Z")
        nudge("backup", store: store, at: "2026-12-05T10:00:00Z")
        let environment = ["TZ": "UTC", "NUDGE_FAKE_NOW": "2026-11-20T11:00:00Z"]
        let listed = InProcessNudge.run(["backups", "--store", store], environment: environment)
        #expect(listed.stdout.contains("restore --latest takes one only when no other is sound"), "\(listed)")
        let restored = InProcessNudge.run(["restore", "--latest", "--yes", "--store", store], environment: environment)
        #expect(restored.status == 0, "\(restored)")
        #expect(
            (restored.stdout + restored.stderr).contains(
                "dated ahead of the clock, and this store's only sound backup"),
            "\(restored)")
    }
}
