import Foundation
import NudgeTestSupport
import Testing

/// Where seconds decide, a journal refusal says them (issue 40: `journal edit ID --at now` at
/// 20:00:50 after a reflection written at 20:00:20 was refused as "--at (20:00 today) is after
/// the reflection written 20:00; give a time before 20:00", the same minute three times). The
/// clock is Sunday 22 November 2026 in Berlin, moved second by second.
@Suite struct JournalSecondsTests {
    let directory = TemporaryDirectory()
    var store: String { directory.file("nudge.sqlite") }

    func nudge(at now: String, _ arguments: String...) -> CommandResult {
        InProcessNudge.run(
            arguments + ["--store", store], environment: ["TZ": "Europe/Berlin", "NUDGE_FAKE_NOW": now])
    }

    func session() throws -> String {
        try #require(try StoreQuery.rows(store, "SELECT id FROM therapy_sessions").first?["id"])
    }

    @Test func aStartAfterAReflectionInItsMinuteIsRefusedWithTheSeconds() throws {
        #expect(nudge(at: "2026-11-22T20:00:10+01:00", "journal", "add", "--type", "oral", "--at", "now").status == 0)
        let id = try session()
        #expect(nudge(at: "2026-11-22T20:00:20+01:00", "journal", "reflect", id, "--text", "private").status == 0)
        try InProcessNudge.expectRefusal(
            ["journal", "edit", id, "--at", "now"], store: store,
            environment: ["TZ": "Europe/Berlin", "NUDGE_FAKE_NOW": "2026-11-22T20:00:50+01:00"],
            mentioning:
                "--at (20:00:50 today, 2026-11-22 20:00:50 CET) is after the reflection on session \(id.prefix(8)) written 2026-11-22 20:00:20 CET; give a time before 2026-11-22 20:00:20 CET"
        )
        // 20:00 itself is before the reflection: taken, as the refusal's seconds say.
        let moved = nudge(at: "2026-11-22T20:00:50+01:00", "journal", "edit", id, "--at", "20:00")
        #expect(moved.status == 0, "\(moved)")
    }

    @Test func aSessionLaterInThisMinuteIsRefusedAReflectionWithTheSeconds() throws {
        let added = nudge(
            at: "2026-11-22T20:00:10+01:00", "journal", "add", "--type", "oral", "--at", "2026-11-22T20:00:50+01:00")
        #expect(added.status == 0, "\(added)")
        try InProcessNudge.expectRefusal(
            ["journal", "reflect", try session(), "--text", "private"], store: store,
            environment: ["TZ": "Europe/Berlin", "NUDGE_FAKE_NOW": "2026-11-22T20:00:20+01:00"],
            mentioning:
                "is dated 20:00:50 today, 2026-11-22 20:00:50 CET, which has not come (it is 20:00:20); reflect on it once it has happened"
        )
    }
}
