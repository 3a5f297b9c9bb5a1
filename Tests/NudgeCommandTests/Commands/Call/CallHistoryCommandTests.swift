import Foundation
import NudgeTestSupport
import Testing

/// `nudge call history` and `nudge call delete`: a call is marked deleted and pending sync as
/// the Monica client does, never removed, and the cadence counts from the latest call left.
@Suite struct CallHistoryCommandTests: CommandScenario {
    let directory = TemporaryDirectory()

    func calls() throws {
        #expect(nudge("contacts", "add", "Alex", "--every", "7").status == 0)
        #expect(nudge("contacts", "add", "Sam").status == 0)
        #expect(
            nudge(
                "call", "log", "Alex", "--at", "2026-11-19T18:00", "--duration", "12", "--mood", "happy", "--notes",
                "Talked about the trip, \"mostly\""
            ).status == 0)
        #expect(nudge("call", "log", "Alex", "--at", "2026-11-21T18:00", "--duration", "5").status == 0)
        #expect(nudge("call", "log", "Sam", "--at", "2026-11-22T09:00").status == 0)
    }

    @Test func theHistoryListsCallsNewestFirstWithTheirIds() throws {
        #expect(nudge("call", "history").stdout == "No calls yet. Log one with: nudge call log NAME\n")
        try calls()
        let lines = nudge("call", "history").stdout.split(separator: "\n").map(String.init)
        #expect(
            lines.count == 4 && lines[1].contains("Sam") && lines[2].contains("2026-11-21 18:00 CET")
                && lines[3].contains("happy"), "\(lines)")
        let ids = try StoreQuery.rows(store, "SELECT id FROM call_logs ORDER BY called_at DESC").compactMap {
            $0["id"]?.lowercased()
        }
        #expect(zip(lines.dropFirst(), ids).allSatisfy { $0.hasPrefix(String($1.prefix(8))) }, "\(lines)")
        let json = nudge("call", "history", "Alex", "--json").stdout
        #expect(
            json.contains("\"duration_minutes\" : 12") && json.contains("\"mood\" : \"happy\"")
                && !json.contains("Sam"), "\(json)")
    }

    /// A duration not given is `null` in JSON, as a mood not given is: the store's 0 is the
    /// Monica client's "not recorded" (hostile round of issue 40 after A14), not a call of none.
    @Test func aDurationNotGivenIsNullInJSON() throws {
        try calls()
        let json = nudge("call", "history", "Sam", "--json").stdout
        #expect(json.contains("\"duration_minutes\" : null") && json.contains("\"mood\" : null"), "\(json)")
    }

    /// Minutes and a mood not given are both left empty: one convention, no `-` beside a blank.
    @Test func minutesAndMoodAreLeftEmptyWhenNoneWasGiven() throws {
        try calls()
        let lines = nudge("call", "history").stdout.split(separator: "\n").map(String.init)
        let header = try #require(lines.first)
        /// What stands under `title` in each row, spaces trimmed.
        func cells(_ title: String) throws -> [String] {
            let range = try #require(header.range(of: title))
            let column = header.distance(from: header.startIndex, to: range.lowerBound)
            return lines.dropFirst().map {
                String($0.dropFirst(column).prefix(title.count + 2)).trimmingCharacters(in: .whitespaces)
            }
        }
        #expect(try cells("MINUTES") == ["", "5", "12"], "\(lines)")
        #expect(try cells("MOOD") == ["", "", "happy"], "\(lines)")
    }

    /// A note's bidirectional override (U+202E) or isolate (U+2066) reorders the rest of a
    /// terminal's line: shown as `�`, as a control character is (issue 40: printed raw).
    @Test func aNotesBidirectionalControlsAreNotPrintedRaw() throws {
        #expect(nudge("contacts", "add", "Sam").status == 0)
        #expect(nudge("call", "log", "Sam", "--notes", "owe \u{202E}05 EUR\u{2066}x").status == 0)
        let listed = nudge("call", "history")
        #expect(listed.stdout.contains("owe \u{FFFD}05 EUR\u{FFFD}x"), "\(listed)")
        #expect(!listed.stdout.unicodeScalars.contains { [0x202E, 0x2066].contains($0.value) }, "\(listed)")
    }

    @Test func ackCalledSaysTheCallWasLoggedWithWhom() throws {
        #expect(nudge("contacts", "add", "Sam", "--every", "7").status == 0)
        let sqlite = try Subprocess.run(
            "/usr/bin/sqlite3",
            [
                store,
                """
                INSERT INTO reminder_deliveries (id, reminder_key, kind, due_at, shown_at, title)
                SELECT 5, 'call:' || identity || ':cadence:2026-11-22', 'call', '2026-11-22T08:00:00Z',
                    '2026-11-22T08:00:00Z', 'Call Sam'
                FROM contact_identities JOIN contacts ON contacts.id = contact_id WHERE contacts.name = 'Sam';
                """,
            ])
        #expect(sqlite.status == 0, "\(sqlite)")
        let acked = nudge("ack", "5", "called")
        #expect(acked.status == 0 && acked.stdout == "logged a call with Sam\n", "\(acked)")
        #expect(try StoreQuery.rows(store, "SELECT count(*) AS n FROM call_logs") == [["n": "1"]])
    }

    @Test func aDeletedCallIsMarkedForSyncAndTheCadenceCountsFromTheOneBefore() throws {
        try calls()
        let latest = try #require(
            try StoreQuery.rows(store, "SELECT id FROM call_logs WHERE called_at LIKE '2026-11-21%'").first?["id"])
        let deleted = nudge("call", "delete", String(latest.prefix(6)).lowercased(), "--yes")
        #expect(
            deleted.status == 0
                && deleted.stdout
                    == "deleted the call with Alex at 18:00 yesterday, 2026-11-21 18:00 CET (marked deleted, to sync)\n",
            "\(deleted)")
        let row = try StoreQuery.rows(
            store, "SELECT is_marked_deleted, sync_status, updated_at FROM call_logs WHERE id = '\(latest)'")
        #expect(row == [["is_marked_deleted": "1", "sync_status": "pending", "updated_at": "2026-11-22T19:00:00Z"]])
        #expect(try StoreQuery.rows(store, "SELECT count(*) AS n FROM call_logs") == [["n": "3"]])
        let contacts = nudge("contacts", "list", "--json").stdout
        #expect(contacts.contains("\"last_call_at\" : \"2026-11-19T17:00:00Z\""), "\(contacts)")
        #expect(!nudge("call", "history").stdout.contains(String(latest.prefix(8)).lowercased()))
    }

    @Test func anEditedCallIsPendingSyncAgainAndMovesTheCadence() throws {
        try calls()
        let latest = try #require(
            try StoreQuery.rows(store, "SELECT id FROM call_logs WHERE called_at LIKE '2026-11-21%'").first?["id"])
        #expect(
            try Subprocess.run(
                "/usr/bin/sqlite3", [store, "UPDATE call_logs SET sync_status = 'synced', server_id = 41"]
            ).status == 0)
        let edited = nudge(
            "call", "edit", String(latest.prefix(4)), "--at", "2026-11-15T18:00", "--duration", "30", "--mood",
            "Excited", "--notes", "long one")
        #expect(
            edited.stdout == "corrected the call with Alex on Sunday 15 Nov, 18:00 (2026-11-15 18:00 CET) (to sync)\n",
            "\(edited)")
        let row = try StoreQuery.rows(
            store,
            "SELECT called_at, duration_minutes, emotional_state, notes, sync_status, server_id, updated_at FROM call_logs WHERE id = '\(latest)'"
        )
        #expect(
            row == [
                [
                    "called_at": "2026-11-15T17:00:00Z", "duration_minutes": "30", "emotional_state": "excited",
                    "notes": "long one",
                    "sync_status": "pending", "server_id": "41", "updated_at": "2026-11-22T19:00:00Z",
                ]
            ])
        let contacts = nudge("contacts", "list", "--json").stdout
        #expect(
            contacts.contains("\"last_call_at\" : \"2026-11-19T17:00:00Z\""),
            "the call of the 19th is the latest now: \(contacts)")
        #expect(
            try StoreQuery.rows(store, "SELECT last_call_at FROM call_due WHERE contact_id = 1") == [
                ["last_call_at": "2026-11-19T17:00:00Z"]
            ])
        #expect(nudge("call", "edit", String(latest.prefix(8)), "--mood", "", "--notes", "").status == 0)
        #expect(
            try StoreQuery.rows(
                store,
                "SELECT emotional_state IS NULL AND notes IS NULL AS cleared FROM call_logs WHERE id = '\(latest)'")
                == [["cleared": "1"]])
    }

    @Test func contactsListCountsRecentCallsAndSaysWhoIsOverdue() throws {
        try calls()
        #expect(nudge("contacts", "add", "Kim", "--every", "3").status == 0)
        #expect(
            try Subprocess.run(
                "/usr/bin/sqlite3",
                [store, "UPDATE contacts SET created_at = '2026-11-10T12:00:00Z' WHERE name = 'Kim'"]
            ).status == 0)
        #expect(nudge("call", "log", "Sam", "--at", "2026-06-01T12:00").status == 0)
        #expect(nudge("call", "log", "Sam", "--at", "2025-11-22T18:30:00Z").status == 0)
        let items = try #require(
            try JSONSerialization.jsonObject(with: Data(nudge("contacts", "list", "--json").stdout.utf8))
                as? [[String: Any]])
        let byName = Dictionary(uniqueKeysWithValues: items.map { ($0["name"] as? String ?? "", $0) })
        #expect(byName["Alex"]?["calls_last_30_days"] as? Int == 2 && byName["Alex"]?["overdue"] as? Bool == false)
        #expect(
            byName["Sam"]?["calls_last_30_days"] as? Int == 1 && byName["Sam"]?["calls_last_365_days"] as? Int == 2,
            "a year ago to the hour is out")
        #expect(
            byName["Sam"]?["overdue"] as? Bool == false && byName["Sam"]?["overdue_days"] is NSNull,
            "no cadence, never overdue")
        #expect(
            byName["Kim"]?["overdue"] as? Bool == true && byName["Kim"]?["overdue_days"] as? Int == 9,
            "added the 10th, every 3 days: due the 13th")
        let table = nudge("contacts", "list").stdout
        #expect(
            table.hasPrefix("ID  NAME  EVERY   LAST CALL         30D  365D  NEXT DUE          OVERDUE\n"),
            "\(table)")
        #expect(table.contains("  0    0     2026-11-13 09:00  9 days\n"), "\(table)")
    }

    @Test(arguments: [
        (["call", "edit", "abcd1111"], "nothing to change; give --at, --duration, --mood or --notes"),
        (["call", "edit", "abcd", "--duration", "5"], "'abcd' starts 2 call ids"),
        (["call", "edit", "9999", "--duration", "5"], "no call has an id starting with '9999'"),
        (["call", "edit", "abcd1111", "--duration", "1441"], "--duration 1441 is out of range"),
        (["call", "edit", "abcd1111", "--mood", "angry"], "--mood 'angry' is not a mood"),
        (["call", "edit", "abcd1111", "--notes", "\u{7}"], "--notes contains a control character (U+0007)"),
        (["call", "edit", "abcd1111", "--at", "2025-11-01T10:00"], "is more than 366 days ago"),
        (["call", "edit", "abcd1111", "--at", "2026-11-23T10:00"], "is in the future"),
        (["call", "delete", "abc"], "'abc' is too short to name a call; give at least 4 characters"),
        (["call", "delete", "ab cd"], "'ab cd' is not a call id"),
        (["call", "delete", "ffff"], "no call has an id starting with 'ffff'"),
        (["call", "delete", "abcd"], "'abcd' starts 2 call ids (ABCD1111, ABCD2222); give more of the id"),
        (["call", "delete", "abcd1111"], "needs --yes when nudge cannot ask on a terminal"),
        (["call", "history", "Nobody"], "Nobody"),
    ])
    func refusalsChangeNothing(arguments: [String], message: String) throws {
        try calls()
        let sqlite = try Subprocess.run(
            "/usr/bin/sqlite3",
            [
                store,
                """
                UPDATE call_logs SET id = 'ABCD1111-0000-4000-8000-000000000001' WHERE called_at LIKE '2026-11-19%';
                UPDATE call_logs SET id = 'ABCD2222-0000-4000-8000-000000000002' WHERE called_at LIKE '2026-11-21%';
                """,
            ])
        #expect(sqlite.status == 0, "\(sqlite)")
        try InProcessNudge.expectRefusal(arguments, store: store, environment: environment, mentioning: message)
    }

    /// A call's length as people say it, in whole minutes.
    @Test func aDurationIsTakenAsPeopleSayIt() throws {
        #expect(nudge("contacts", "add", "Sam").status == 0)
        for (hour, length) in zip(1...4, ["12m", "12 min", "1h30m", "1:05"]) {
            #expect(nudge("call", "log", "Sam", "--duration", length, "--at", "1\(hour):00").status == 0, "\(length)")
        }
        let minutes = try StoreQuery.rows(store, "SELECT duration_minutes FROM call_logs ORDER BY rowid")
            .map { $0["duration_minutes"] }
        #expect(minutes == ["12", "12", "90", "65"])
        try InProcessNudge.expectRefusal(
            ["call", "log", "Sam", "--duration", "90s"], store: store, environment: environment,
            mentioning: "--duration '90s' is not a whole number of minutes")
    }
}
