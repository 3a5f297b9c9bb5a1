import Foundation
import NudgeStore
import NudgeSystem
import NudgeTestSupport
import Testing

/// `nudge meditate` and `nudge meditations` in process: what they record and list, and their
/// refusals (exit 64, one line, the store unchanged).
@Suite struct MeditationCommandTests: CommandScenario {
    let directory = TemporaryDirectory()

    /// At another "now".
    func nudge(_ arguments: String..., now: String) -> CommandResult {
        var environment = environment
        environment["NUDGE_FAKE_NOW"] = now
        return InProcessNudge.run(arguments + ["--store", store], environment: environment)
    }

    /// A daemon's lock held by this process: the command then believes a daemon rings.
    func withDaemonLock<T>(_ body: () throws -> T) throws -> T {
        try StoreQuery.create(store)
        let lock = try DaemonLock(storePath: store)
        defer { withExtendedLifetime(lock) {} }
        return try body()
    }

    @Test(arguments: [
        (["meditate", "10s"], "'10s' is shorter than a session may be: 30 seconds at least; give 30s or more"),
        (["meditate", "4h1m"], "'4h1m' is longer than a session may be: 4 hours at most; give 4h or less"),
        (["meditate", "10", "--ambient", "rain"], "--ambient 'rain' is not an ambient sound; give none, brown-noise"),
        (["meditate", "10", "--ambient", ""], "--ambient '' is not an ambient sound"),
        (
            ["meditate", "10", "--ambient", "/etc/passwd"],
            "--ambient '/etc/passwd' is not a sound file GStreamer can decode"
        ),
        (["settings", "set", "meditation.ambient", "/etc/passwd"], "GStreamer cannot decode /etc/passwd"),
        (["settings", "set", "meditation.ambient_volume", "101"], "expected a whole number from 1 to 100"),
        (["meditate", "241"], "'241' is longer than a session may be"),
        (["meditate", "ten"], "'ten' is not a length of time; give a session length from 30 seconds to 4 hours"),
        (["meditate", "10", "--delay", "121"], "--delay 121 is not from 0 to 120 seconds"),
        (["meditate", "10", "--delay", "-1"], "--delay"),
        (
            ["meditate", "10", "--interval", "10"],
            "an interval of 10 min is not shorter than the session of 10 minutes"
        ),
        (["meditate", "90s", "--interval", "2"], "not shorter than the session"),
        (["meditate", "10"], "no nudge daemon runs on"),
        (["meditate", "stop"], "no meditation session is running"),
        (["meditations", "add", "--at", "2026-11-22T21:30", "--minutes", "10"], "is in the future"),
        (["meditations", "add", "--at", "2026-11-23T07:00", "--minutes", "10"], "is in the future"),
        (["meditations", "add", "--at", "07:00", "--minutes", "0"], "--minutes 0 is not from 1 to 240"),
        (["meditations", "add", "--at", "07:00", "--minutes", "241"], "--minutes 241 is not from 1 to 240"),
        (["meditations", "add", "--at", "noon-ish", "--minutes", "10"], "is not a time"),
        (["meditations", "delete", "abc"], "'abc' is too short to name a session; give at least 4 characters"),
        (["meditations", "delete", ""], "is not a session id"),
        (["meditations", "delete", "abcd"], "no session has an id starting with 'abcd'"),
        (["meditations", "--since", "someday"], "--since 'someday' is not a day; give YYYY-MM-DD, today, yesterday"),
    ])
    func refusesBadInputAndChangesNothing(arguments: [String], message: String) throws {
        try expectRefusal(arguments, mentioning: message)
    }

    @Test func oneSessionAtATimeAndStopKeepsAMinuteOrMore() throws {
        try withDaemonLock {
            let started = nudge("meditate", "20m", "--delay", "0", "--interval", "5", "--detach")
            #expect(
                started.status == 0
                    && started.stdout
                        == "meditating for 20 minutes: start bell at 20:00:00, a bell every 5 min, ends at 20:20:00\n",
                "\(started)")
            let second = nudge("meditate", "10", "--detach")
            #expect(
                second.status == 64 && second.stderr.contains("the session of 20 minutes started at 20:00:00")
                    && second.stderr.contains("already running"))
            let status = nudge("meditate", "status", now: "2026-11-22T20:03:00+01:00")
            #expect(
                status.stdout.hasPrefix("the session of 20 minutes started at 20:00:00 (id ")
                    && status.stdout.hasSuffix("): 03:00 elapsed, 17:00 left\n"), "\(status)")
            let json = nudge("meditate", "status", "--json", now: "2026-11-22T20:03:00+01:00").stdout
            #expect(
                json.contains("\"elapsed_seconds\" : 180") && json.contains("\"left_seconds\" : 1020")
                    && json.contains("\"interval_seconds\" : 300"), "\(json)")
            #expect(
                nudge("meditate", "stop", now: "2026-11-22T20:07:30+01:00").stdout == "ended early: 7 minutes kept\n")
        }
        let rows = try StoreQuery.rows(
            store, "SELECT outcome, actual_seconds, planned_seconds, source, ended_at FROM meditation_sessions")
        #expect(
            rows == [
                [
                    "outcome": "ended_early", "actual_seconds": "450", "planned_seconds": "1200", "source": "timer",
                    "ended_at": "2026-11-22T19:07:30Z",
                ]
            ])
        #expect(nudge("meditate", "status").stdout == "No session is running. Start one with: nudge meditate\n")
        #expect(nudge("meditate", "status", "--json").stdout == "null\n")
    }

    /// A stop after the planned end (no daemon recorded it, or Ctrl-C in the countdown's wait
    /// for it) completes the session: it was recorded as ended early.
    @Test func aStopAfterTheEndCompletesTheSession() throws {
        try withDaemonLock {
            #expect(nudge("meditate", "10m", "--delay", "0", "--detach").status == 0)
            #expect(
                nudge("meditate", "stop", now: "2026-11-22T20:10:20+01:00").stdout == "Session complete: 10 minutes\n")
        }
        let rows = try StoreQuery.rows(store, "SELECT outcome, actual_seconds, ended_at FROM meditation_sessions")
        #expect(rows == [["outcome": "completed", "actual_seconds": "600", "ended_at": "2026-11-22T19:10:00Z"]])
    }

    /// A length as people say it: with a unit spelled out, in two words, hours and minutes.
    @Test(arguments: [
        (["10 min"], "10 minutes"), (["10min"], "10 minutes"), (["10", "minutes"], "10 minutes"),
        (["1h30m"], "90 minutes"), (["10 minutes"], "10 minutes"),
    ])
    func aLengthIsTakenAsPeopleSayIt(words: [String], said: String) throws {
        try withDaemonLock {
            let started = nudge(["meditate"] + words + ["--detach"])
            #expect(started.status == 0 && started.stdout.hasPrefix("meditating for \(said):"), "\(started)")
        }
    }

    @Test func aSessionEndedInItsFirstMinuteIsDropped() throws {
        try withDaemonLock {
            #expect(
                nudge("meditate", "--delay", "15", "--detach").stdout.contains(
                    "meditating for 10 minutes: start bell at 20:00:15"))
            let settling = nudge("meditate", "status", now: "2026-11-22T20:00:05+01:00").stdout
            #expect(
                settling.hasPrefix("the session of 10 minutes (id ")
                    && settling.hasSuffix("), settling: the start bell rings at 20:00:15\n")
                    && !settling.contains("elapsed"), "\(settling)")
            #expect(
                nudge("meditate", "stop", now: "2026-11-22T20:00:18+01:00").stdout
                    == "ended early: less than a minute, so nothing was kept\n")
        }
        #expect(try StoreQuery.rows(store, "SELECT id FROM meditation_sessions").isEmpty)
    }

    @Test func theHistoryListsByLocalDayWithTotalsAndStreaks() throws {
        #expect(nudge("meditations").stdout.hasPrefix("No meditation sessions yet. Start one with: nudge meditate"))
        #expect(
            nudge("meditations", "add", "--at", "07:00", "--minutes", "20").stdout.hasPrefix(
                "recorded 20 minutes at 07:00 today"))
        // 02:30 on the 22nd belongs to the 21st (a day starts at 04:00): listed there, and
        // counted there by the streak and the calendar.
        #expect(nudge("meditations", "add", "--at", "2026-11-22T02:30", "--minutes", "10").status == 0)
        #expect(nudge("meditations", "add", "--at", "2026-11-20T21:00", "--minutes", "15").status == 0)
        let listed = nudge("meditations").stdout
        let lines = listed.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "2026-11-22 (Sunday): 20 minutes in 1 session", "\(listed)")
        #expect(lines[1].hasPrefix("  07:00  20 minutes  completed, entered afterwards  "), "\(listed)")
        #expect(
            lines[2] == "2026-11-21 (Saturday): 10 minutes in 1 session" && lines[3].hasPrefix("  02:30  10 minutes"),
            "\(listed)")
        #expect(lines[4] == "2026-11-20 (Friday): 15 minutes in 1 session", "\(listed)")
        let calendar = nudge("meditations", "--calendar", "--year", "2026").stdout
        #expect(calendar.contains("2026: 3 days with a session, 45 minutes"), "\(calendar)")
        #expect(
            listed.hasSuffix(
                "3 sessions, 45 minutes; average 15 minutes, longest 20 minutes\nstreak: 3 days now, longest 3 days\n"),
            "\(listed)")
        let json = nudge("meditations", "--json").stdout
        #expect(
            json.contains("\"current_streak_days\" : 3") && json.contains("\"minutes\" : 45")
                && json.contains("\"average_minutes\" : 15"), "\(json)")
        #expect(
            json.contains("\"source\" : \"manual\"") && json.contains("\"utc_offset_minutes\" : 60")
                && json.contains("\"sessions\" : ["), "\(json)")
        #expect(
            json.contains("\"local_date\" : \"2026-11-22\"") && json.contains("\"day\" : \"2026-11-21\""), "\(json)")
        let since = nudge("meditations", "--since", "2026-11-21", "--json").stdout
        #expect(since.contains("\"sessions\" : 2") && since.contains("\"longest_streak_days\" : 3"), "\(since)")
        let sinceSunday = nudge("meditations", "--since", "2026-11-22", "--json").stdout
        #expect(sinceSunday.contains("\"sessions\" : 1") && !sinceSunday.contains("02:30"), "\(sinceSunday)")
        let id = try #require(
            try StoreQuery.rows(store, "SELECT id FROM meditation_sessions WHERE started_at LIKE '2026-11-20%'").first?[
                "id"])
        // Off a terminal nobody can answer the question: refused, and the session stays.
        let unasked = nudge("meditations", "delete", String(id.prefix(6)))
        #expect(unasked.status == 64 && unasked.stderr.contains("needs --yes"), "\(unasked)")
        #expect(try StoreQuery.rows(store, "SELECT id FROM meditation_sessions WHERE id = '\(id)'").count == 1)
        #expect(
            nudge("meditations", "delete", String(id.prefix(6)), "--yes").stdout.hasPrefix(
                "deleted the 15 minutes session of Friday 2026-11-20"))
        #expect(nudge("meditations").stdout.contains("streak: 2 days now, longest 2 days"))
        // An average between whole minutes is said as JSON says it (the text said 15).
        #expect(nudge("meditations", "add", "--at", "2026-11-21T07:00", "--minutes", "17").status == 0)
        #expect(nudge("meditations").stdout.contains("3 sessions, 47 minutes; average 15.7 minutes"))
        #expect(nudge("meditations", "--json").stdout.contains("\"average_minutes\" : 15.7"))
    }

    /// Six `nudge meditate` at once on a new store: one session starts, five are refused.
    @Test func manyStartsAtOnceStartOneSession() throws {
        try StoreQuery.create(store)
        let lock = try DaemonLock(storePath: store)
        defer { withExtendedLifetime(lock) {} }
        let spawned = try (0..<6).map { index in
            try Subprocess.spawn(
                NudgeBinary.path, ["meditate", "5m", "--detach", "--store", store],
                environment: NudgeBinary.environment(["TZ": "UTC"]),
                stderrPath: directory.file("start-\(index).err"))
        }
        let statuses = spawned.map { $0.waitForExit(timeout: 30) }
        #expect(statuses.filter { $0 == 0 }.count == 1 && statuses.filter { $0 == 64 }.count == 5, "\(statuses)")
        #expect(try StoreQuery.rows(store, "SELECT count(*) AS n FROM meditation_sessions").first?["n"] == "1")
    }
}
