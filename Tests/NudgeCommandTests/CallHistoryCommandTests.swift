import Foundation
import NudgeTestSupport
import Testing

/// `nudge call history` and `nudge call delete`: a call is marked deleted and pending sync as
/// the Monica client does, never removed, and the cadence counts from the latest call left.
@Suite struct CallHistoryCommandTests {
    let directory = TemporaryDirectory()
    var store: String { directory.file("nudge.sqlite") }
    let environment = ["TZ": "Europe/Berlin", "NUDGE_FAKE_NOW": "2026-11-22T20:00:00+01:00"]

    func nudge(_ arguments: String...) -> CommandResult {
        InProcessNudge.run(arguments + ["--store", store], environment: environment)
    }

    func calls() throws {
        #expect(nudge("contacts", "add", "Alex", "--every", "7").status == 0)
        #expect(nudge("contacts", "add", "Sam").status == 0)
        #expect(nudge("call", "log", "Alex", "--at", "2026-11-19T18:00", "--duration", "12", "--mood", "happy", "--notes", "Talked about the trip, \"mostly\"").status == 0)
        #expect(nudge("call", "log", "Alex", "--at", "2026-11-21T18:00", "--duration", "5").status == 0)
        #expect(nudge("call", "log", "Sam", "--at", "2026-11-22T09:00").status == 0)
    }

    @Test func theHistoryListsCallsNewestFirstWithTheirIds() throws {
        #expect(nudge("call", "history").stdout == "No calls yet. Log one with: nudge call log NAME\n")
        try calls()
        let lines = nudge("call", "history").stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4 && lines[1].contains("Sam") && lines[2].contains("2026-11-21 18:00 CET") && lines[3].contains("happy"), "\(lines)")
        let ids = try StoreQuery.rows(store, "SELECT id FROM call_logs ORDER BY called_at DESC").compactMap { $0["id"]?.lowercased() }
        #expect(zip(lines.dropFirst(), ids).allSatisfy { $0.hasPrefix(String($1.prefix(8))) }, "\(lines)")
        let json = nudge("call", "history", "Alex", "--json").stdout
        #expect(json.contains("\"duration_minutes\" : 12") && json.contains("\"mood\" : \"happy\"") && !json.contains("Sam"), "\(json)")
    }

    @Test func aDeletedCallIsMarkedForSyncAndTheCadenceCountsFromTheOneBefore() throws {
        try calls()
        let latest = try #require(try StoreQuery.rows(store, "SELECT id FROM call_logs WHERE called_at LIKE '2026-11-21%'").first?["id"])
        let deleted = nudge("call", "delete", String(latest.prefix(6)).lowercased(), "--yes")
        #expect(deleted.status == 0 && deleted.stdout == "deleted the call with Alex at 18:00 yesterday, 2026-11-21 18:00 CET (marked deleted, to sync)\n", "\(deleted)")
        let row = try StoreQuery.rows(store, "SELECT is_marked_deleted, sync_status, updated_at FROM call_logs WHERE id = '\(latest)'")
        #expect(row == [["is_marked_deleted": "1", "sync_status": "pending", "updated_at": "2026-11-22T19:00:00Z"]])
        #expect(try StoreQuery.rows(store, "SELECT count(*) AS n FROM call_logs") == [["n": "3"]])
        let contacts = nudge("contacts", "list", "--json").stdout
        #expect(contacts.contains("\"last_call_at\" : \"2026-11-19T17:00:00Z\""), "\(contacts)")
        #expect(!nudge("call", "history").stdout.contains(String(latest.prefix(8)).lowercased()))
    }

    @Test(arguments: [
        (["call", "delete", "abc"], "'abc' is not a call id"),
        (["call", "delete", "ffff"], "no call has an id starting with 'ffff'"),
        (["call", "delete", "abcd"], "'abcd' starts 2 call ids (abcd1111, abcd2222); give more of the id"),
        (["call", "delete", "abcd1111"], "needs --yes when nudge cannot ask on a terminal"),
        (["call", "history", "Nobody"], "Nobody"),
    ])
    func refusalsChangeNothing(arguments: [String], message: String) throws {
        try calls()
        let sqlite = try Subprocess.run(
            "/usr/bin/sqlite3",
            [store, """
                UPDATE call_logs SET id = 'ABCD1111-0000-4000-8000-000000000001' WHERE called_at LIKE '2026-11-19%';
                UPDATE call_logs SET id = 'ABCD2222-0000-4000-8000-000000000002' WHERE called_at LIKE '2026-11-21%';
                """])
        #expect(sqlite.status == 0, "\(sqlite)")
        let before = try StoreDump.of(store)
        let result = InProcessNudge.run(arguments + ["--store", store], environment: environment)
        #expect(result.status == 64 && result.stderr.split(separator: "\n").count == 1 && result.stderr.contains(message), "\(result)")
        #expect(try StoreDump.of(store) == before)
    }
}
