import Foundation
import NudgeCore
import NudgeStore
import NudgeTestSupport
import Testing

/// A one-off call reminder can be listed, moved and cancelled; what it still owed at its old
/// time is cancelled with it, so nothing is shown at the old time or twice.
@Suite struct CallReminderChangeTests: CommandScenario {
    let directory = TemporaryDirectory()

    /// The keys of the one-off reminders `upcoming` lists.
    func onceKeys() throws -> [String] {
        let listed = try JSONSerialization.jsonObject(with: Data(nudge("upcoming", "--json").stdout.utf8))
        return (listed as? [[String: Any]] ?? []).compactMap { $0["reminder_key"] as? String }.filter {
            $0.contains(":once:")
        }
    }

    /// One answered "Remind me tomorrow" is listed at the time it comes again, among the others
    /// soonest first: after one due tomorrow at 08:00, not first at the time gone by.
    @Test func aReminderMovedToTomorrowIsListedInItsPlace() throws {
        #expect(nudge("contacts", "add", "Ann").status == 0)
        #expect(nudge("contacts", "add", "Bob").status == 0)
        #expect(nudge("call", "remind", "Bob", "--on", "2026-11-23", "--at", "08:00").status == 0)
        let now = try #require(Timestamp.parse("2026-11-22T19:00:00Z"))
        let clock = WallClock(zone: .system("Europe/Berlin"))
        let setup = try Store(path: store)
        let ann = try #require(try setup.contacts().first { $0.name == "Ann" })
        _ = try setup.addCallReminder(contactID: ann.id, dueAt: now.addingTimeInterval(-3600), note: nil, now: now)
        let open = try #require(try setup.openCallReminders().first { $0.name == "Ann" })
        let occurrence = Occurrence(kind: .call, key: CallReminder.onceKey(open), dueAt: open.dueAt, title: "Call Ann")
        let claimed = try #require(try setup.claim(occurrence))
        try setup.markShown(claimed.id, notificationID: 1, content: nil, at: now, clock: clock)
        _ = try setup.answer(claimed.id, action: "tomorrow", at: now, clock: clock)
        let names = nudge("call", "reminders").stdout.split(separator: "\n").dropFirst().map {
            $0.split(separator: " ", omittingEmptySubsequences: true)[1]
        }
        #expect(names == ["Bob", "Ann"], "\(nudge("call", "reminders").stdout)")
        #expect(nudge("call", "reminders").stdout.contains("2026-11-23 09:00 CET (moved)"))
    }

    /// A reminder answered "Remind me tomorrow" and then moved names the person in `history`,
    /// as the one shown did (issue 40, ninth round: the tomorrow it no longer owed read "call
    /// reminder"): its rule titles the occurrence it queues.
    @Test func aMovedReminderNamesThePersonInHistory() throws {
        #expect(nudge("contacts", "add", "Alex").status == 0)
        let now = try #require(Timestamp.parse("2026-11-22T19:00:00Z"))
        let clock = WallClock(zone: .system("Europe/Berlin"))
        let setup = try Store(path: store)
        let alex = try #require(try setup.contacts().first)
        _ = try setup.addCallReminder(contactID: alex.id, dueAt: now.addingTimeInterval(-3600), note: nil, now: now)
        let open = try #require(try setup.openCallReminders().first)
        let occurrence = Occurrence(kind: .call, key: CallReminder.onceKey(open), dueAt: open.dueAt, title: "Call Alex")
        let claimed = try #require(try setup.claim(occurrence))
        try setup.markShown(claimed.id, notificationID: 1, content: nil, at: now, clock: clock)
        _ = try setup.answer(claimed.id, action: "tomorrow", at: now, clock: clock)
        #expect(nudge("call", "reminders", "edit", "\(open.id)", "--in", "3").status == 0)
        let listed = try JSONSerialization.jsonObject(with: Data(nudge("history", "--json").stdout.utf8))
        let rows = try #require(listed as? [[String: Any]])
        #expect(rows.count == 2 && rows.allSatisfy { $0["title"] as? String == "Call Alex" }, "\(rows)")
        let history = nudge("history").stdout
        #expect(history.contains("cancelled") && !history.contains("call reminder"), "\(history)")
    }

    /// `--at` takes a time with its day, as `call remind --at` does; with --on or --in only a
    /// time of day.
    @Test func editAtTakesADayAsRemindDoes() throws {
        #expect(nudge("contacts", "add", "Sam").status == 0)
        #expect(nudge("call", "remind", "Sam", "--in", "2").status == 0)
        let moved = nudge("call", "reminders", "edit", "1", "--at", "2026-11-25T10:00")
        #expect(
            moved.status == 0
                && moved.stdout
                    == "will remind you to call Sam on Wednesday 25 Nov, 10:00 (2026-11-25 10:00 CET) (reminder 1)\n",
            "\(moved)")
        try expectRefusal(
            ["call", "reminders", "edit", "1", "--on", "friday", "--at", "2026-11-25T10:00"],
            mentioning: "--at '2026-11-25T10:00' names its day; give the day in --at, or --in/--on with a time of day")
        try expectRefusal(
            ["call", "reminders", "edit", "1", "--at", "2026-11-21T10:00"],
            mentioning: "has passed; give a time to come")
    }

    @Test func aReminderIsMovedAndCancelled() throws {
        #expect(nudge("contacts", "add", "Sam").status == 0)
        #expect(nudge("call", "remind", "Sam", "--in", "2", "--note", "birthday").status == 0)
        // Now is Sunday 2026-11-22 20:00 in Berlin; Friday is the 27th.
        let moved = nudge("call", "reminders", "edit", "1", "--on", "friday", "--at", "10:00")
        #expect(
            moved.stdout == "will remind you to call Sam on Friday 27 Nov, 10:00 (2026-11-27 10:00 CET) (reminder 1)\n",
            "\(moved)")
        #expect(nudge("call", "reminders").stdout.contains("1   Sam      2026-11-27 10:00 CET  birthday"))
        #expect(nudge("call", "reminders", "edit", "1", "--note", "").status == 0)
        #expect(
            try StoreQuery.rows(store, "SELECT note FROM call_reminders WHERE done_at IS NULL") == [["note": "NULL"]])
        #expect(nudge("call", "reminders", "cancel", "1").stdout == "cancelled the reminder to call Sam (reminder 1)\n")
        // Cancelled twice: said so, nothing changed (hostile round of issue 40: "no open call
        // reminder has id 1", as for an id that never was).
        let again = nudge("call", "reminders", "cancel", "1")
        #expect(
            again.status == 0
                && again.stdout
                    == "the reminder to call Sam (reminder 1) was closed already at 20:00 today, 2026-11-22 20:00 CET, cancelled or done by a call; nothing changed\n",
            "\(again)")
        #expect(nudge("call", "reminders", "cancel", "7").status == 64)
        #expect(nudge("call", "reminders").stdout.hasPrefix("No open call reminders."))
        #expect(nudge("upcoming", "--json").stdout.contains("once") == false)
    }

    /// A moved reminder keeps the id the person typed (issue 40, hostile round: it became
    /// "reminder 2, was 1", and `cancel 1` then found none), as the man page's example does:
    /// edit 4, then cancel 4.
    @Test func aMovedReminderKeepsItsId() throws {
        #expect(nudge("contacts", "add", "Sam").status == 0)
        for days in ["1", "2", "3", "4"] { #expect(nudge("call", "remind", "Sam", "--in", days).status == 0) }
        let key = try #require(try onceKeys().first)
        let moved = nudge("call", "reminders", "edit", "1", "--at", "11:00")
        #expect(moved.stdout.hasSuffix("(reminder 1)\n"), "\(moved)")
        #expect(nudge("call", "reminders", "edit", "1", "--note", "birthday").stdout.hasSuffix("(reminder 1)\n"))
        #expect(try !onceKeys().contains(key))
        let example = nudge("call", "reminders", "edit", "4", "--on", "tomorrow")
        #expect(example.stdout.hasSuffix("(reminder 4)\n"), "\(example)")
        #expect(nudge("call", "reminders", "cancel", "4").stdout == "cancelled the reminder to call Sam (reminder 4)\n")
        #expect(nudge("call", "reminders", "cancel", "1").stdout == "cancelled the reminder to call Sam (reminder 1)\n")
    }

    /// What the daemon had claimed for the old time (owed, not shown) is cancelled, and the moved
    /// reminder has a key of its own.
    @Test func aClaimedOccurrenceOfTheOldTimeIsCancelled() throws {
        #expect(nudge("contacts", "add", "Sam").status == 0)
        #expect(nudge("call", "remind", "Sam", "--in", "1").status == 0)
        let key = try #require(try onceKeys().first)
        #expect(
            try Subprocess.run(
                "/usr/bin/sqlite3",
                [
                    store,
                    "INSERT INTO reminder_deliveries (reminder_key, kind, due_at) VALUES ('\(key)', 'call', '2026-11-23T08:00:00Z')",
                ]
            ).status == 0)
        #expect(nudge("call", "reminders", "edit", "1", "--in", "3").status == 0)
        let old = try StoreQuery.rows(
            store, "SELECT cancelled_at FROM reminder_deliveries WHERE reminder_key = '\(key)'")
        #expect(old.first?["cancelled_at"] != "NULL", "\(old)")
        let keys = try onceKeys()
        #expect(keys.count == 1 && keys[0] != key, "\(keys)")
    }

    /// A logged call settles each open one-off of the contact due by then, in the same write
    /// (issue 40, sixth round): `call reminders` no longer lists it, and its notification takes
    /// no answer that would log a second call. One due after the call stays open.
    @Test func aLoggedCallSettlesTheRemindersDueByThen() throws {
        let anHourAgo = ["TZ": "Europe/Berlin", "NUDGE_FAKE_NOW": "2026-11-22T19:00:00+01:00"]
        #expect(nudge("contacts", "add", "Bob").status == 0)
        for at in ["19:30", "21:00"] {
            let added = InProcessNudge.run(
                ["call", "remind", "Bob", "--at", at, "--store", store], environment: anHourAgo)
            #expect(added.status == 0, "\(added)")
        }
        let setup = try Store(path: store)
        let due = try #require(try setup.openCallReminders().first)
        let occurrence = Occurrence(kind: .call, key: CallReminder.onceKey(due), dueAt: due.dueAt, title: "Call Bob")
        let shown = try #require(try setup.claim(occurrence))
        try setup.markShown(
            shown.id, notificationID: 1, content: nil, at: due.dueAt, clock: WallClock(zone: .system("Europe/Berlin")))
        #expect(nudge("call", "log", "Bob").status == 0)
        let rows = try StoreQuery.rows(store, "SELECT done_at FROM call_reminders ORDER BY due_at")
        #expect(rows == [["done_at": "2026-11-22T19:00:00Z"], ["done_at": "NULL"]])
        let listed = nudge("call", "reminders").stdout
        #expect(!listed.contains("19:30") && listed.contains("21:00"), "\(listed)")
        try InProcessNudge.expectRefusal(
            ["ack", "\(shown.id)", "called"], store: store, environment: environment,
            mentioning: "Call Bob is done: a call logged since it was due settled it, or it was cancelled")
        // Its id alone: why it takes none, said once, with no word of the answer's place.
        try InProcessNudge.expectRefusal(
            ["ack", "\(shown.id)"], store: store, environment: environment,
            mentioning:
                "nudge: Call Bob (delivery \(shown.id)): Call Bob is done: a call logged since it was due settled it, or it was cancelled; nothing changed\n"
        )
    }

    @Test(arguments: [
        (["call", "reminders", "cancel", "7"], "no open call reminder has id 7; nudge call reminders lists them"),
        (["call", "reminders", "edit", "7", "--at", "10:00"], "no open call reminder has id 7"),
        (["call", "reminders", "edit", "1"], "nothing to change; give --in, --on, --at or --note"),
        (["call", "reminders", "edit", "1", "--in", "1", "--on", "friday"], "give --in DAYS or --on DAY, not both"),
    ])
    func refusals(arguments: [String], message: String) throws {
        try expectRefusal(arguments, mentioning: message)
    }
}
