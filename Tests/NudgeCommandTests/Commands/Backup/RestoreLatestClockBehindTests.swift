import Foundation
import NudgeTestSupport
import Testing

/// `restore --latest` with the clock behind (hostile round 30 on issue 39, Medium 1): of two
/// sound backups dated ahead of the clock it restored the one dated furthest ahead (2 entries)
/// as "this store's only sound backup", over the one taken later by the right clock (5). Their
/// dates cannot tell which came last: it refuses, naming each with its command.
struct RestoreLatestClockBehindTests {
    let directory = TemporaryDirectory()

    func nudge(_ arguments: String..., store: String, at fakeNow: String) {
        let result = InProcessNudge.run(
            arguments + ["--store", store], environment: ["TZ": "UTC", "NUDGE_FAKE_NOW": fakeNow])
        #expect(result.status == 0, "\(arguments) at \(fakeNow): \(result)")
    }

    @Test func twoSoundBackupsAheadOfTheClockAreNamedNotGuessed() throws {
        let store = directory.file("nudge.sqlite")
        nudge("log", "symptom", "sneeze", "--severity", "2", "--at", "09:00", store: store, at: "2026-11-19T12:00:00Z")
        nudge("backup", store: store, at: "2026-12-05T10:00:00Z")
        nudge("log", "symptom", "cough", "--severity", "2", "--at", "09:00", store: store, at: "2026-11-27T12:00:00Z")
        nudge("backup", store: store, at: "2026-11-28T10:00:00Z")
        let before = try StoreDump.of(store)
        let restored = InProcessNudge.run(
            ["restore", "--latest", "--yes", "--store", store],
            environment: ["TZ": "UTC", "NUDGE_FAKE_NOW": "2026-11-20T11:00:00Z"])
        #expect(restored.status == 65, "\(restored)")
        #expect(restored.stdout.isEmpty && restored.stderr.split(separator: "\n").count == 1, "\(restored)")
        for name in ["nudge-20261205T100000Z.sqlite", "nudge-20261128T100000Z.sqlite"] {
            #expect(
                restored.stderr.contains(
                    "with: nudge --store \(store) restore \(store).backups/\(name)"), "\(restored)")
        }
        #expect(restored.stderr.contains("so --latest cannot tell which was taken last"), "\(restored)")
        #expect(try StoreDump.of(store) == before)
    }
}
