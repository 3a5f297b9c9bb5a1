import Foundation
import NudgeTestSupport
import Testing

/// `nudge` command lines, run in process, against a temporary store: successes, refusals, exit
/// codes, and a store left exactly as it was after every refusal.
@Suite struct CommandLineTests: CommandScenario {
    let directory = TemporaryDirectory()
    let environment = CommandScenarioClock.newYorkEvening

    @Test func settingsListsEveryKeyWithValueDefaultAndAccepted() throws {
        _ = nudge("settings", "set", "symptom.reminder_time", "8:30 PM")
        // Wide enough for the table; narrower, a key a block (TableWidthTests).
        let wide = environment.merging(["COLUMNS": "200"]) { $1 }
        let listed = InProcessNudge.run(["settings", "--store", store], environment: wide)
        #expect(listed.status == 0)
        let lines = listed.stdout.split(separator: "\n")
        #expect(lines.count == 50)
        #expect(
            lines.contains {
                $0.hasPrefix("notify.reshow_minutes") && $0.split(separator: " ").dropFirst().prefix(2) == ["30", "30"]
            })
        #expect(
            lines.contains {
                $0.hasPrefix("sleep.keep_awake") && $0.split(separator: " ").dropFirst().prefix(2) == ["true", "true"]
            })
        #expect(
            lines.contains {
                $0.hasPrefix("symptom.reminder_time")
                    && $0.split(separator: " ").dropFirst().prefix(2) == ["20:30", "20:00"] && $0.contains("8pm")
            })
        #expect(
            lines.contains {
                $0.hasPrefix("dose.target_interval_minutes") && $0.contains("one of 165, 180, 195, 210, 225")
            })
        // An empty value says what it means.
        #expect(
            lines.contains {
                $0.hasPrefix("backup.directory")
                    && $0.split(separator: " ").dropFirst().prefix(2) == ["(STORE.backups)", "(STORE.backups)"]
            })
        #expect(
            lines.contains {
                $0.hasPrefix("alarm.escalate_command")
                    && $0.split(separator: " ").dropFirst().prefix(2) == ["(none)", "(none)"]
            })
        #expect(InProcessNudge.run(["settings", "list", "--store", store], environment: wide).stdout == listed.stdout)
    }

    @Test func settingsSetStoresCanonicalFormAndResetDeletesTheRow() throws {
        let set = nudge("settings", "set", "symptom.reminder_time", "9pm")
        #expect(set.status == 0 && set.stdout == "symptom.reminder_time = 21:00\n")
        #expect(nudge("settings", "get", "symptom.reminder_time").stdout == "21:00\n")
        #expect(try StoreDump.of(store, tables: ["settings"]).contains("value:\"21:00\""))
        _ = nudge("settings", "set", "symptom.reminder_enabled", "off")
        #expect(nudge("settings", "get", "symptom.reminder_enabled").stdout == "false\n")
        let reset = nudge("settings", "reset", "symptom.reminder_enabled")
        #expect(reset.status == 0 && reset.stdout == "symptom.reminder_enabled = true (default)\n")
        #expect(!(try StoreDump.of(store, tables: ["settings"]).contains("symptom.reminder_enabled")))
        #expect(
            nudge("settings", "reset", "backup.directory").stdout
                == "backup.directory = (STORE.backups) (default)\n")
        #expect(
            nudge("settings", "get", "backup.directory").stdout == "\n", "get prints the stored value, for scripts")
    }

    @Test(arguments: [
        (["settings", "set", "symptom.color", "blue"], "unknown settings key 'symptom.color'"),
        (["settings", "get", "symptom.color"], "unknown settings key 'symptom.color'"),
        (["settings", "reset", "nope"], "unknown settings key 'nope'"),
        (["settings", "set", "symptom.reminder_time"], "missing the value"),
        (
            ["settings", "set", "symptom.reminder_time", "25:99"],
            "invalid value '25:99' for symptom.reminder_time: expected a local time"
        ),
        (
            ["settings", "set", "symptom.snooze_minutes", "-3"],
            "invalid value '-3' for symptom.snooze_minutes: expected a whole number from 5 to 240"
        ),
        (["settings", "set", "dose.target_interval_minutes", "170"], "expected one of 165, 180, 195, 210, 225"),
        (["settings", "set", "symptom.reminder_enabled", "maybe"], "expected true or false"),
        (["dose", "test-alarm", "--in", "2s"], "--in '2s' is not a delay from 5 s to 24 h"),
        (["dose", "test-alarm", "--in", "soon"], "give 10 (minutes), 10m, 10 min, 90s, 1h30m or 1:30"),
        (
            ["settings", "set", "sound.reminder", "no-such-sound"],
            "the installed sound theme has no sound 'no-such-sound'"
        ),
        (["settings", "set", "dose.alarm_sound", "/nonexistent/alarm.oga"], "/nonexistent/alarm.oga cannot be read"),
        (["settings", "set", "dose.alarm_sound", "bell\u{7}"], "expected a sound-theme name such as bell"),
        // Readable, but no sound comes from it: the night's alarm would be silent.
        (
            ["settings", "set", "dose.alarm_sound", "/etc/passwd"],
            "libcanberra cannot play /etc/passwd (File or data corrupt); give an Ogg Vorbis or WAV file"
        ),
        (["settings", "set", "dose.alarm_sound", "/dev/zero"], "/dev/zero is not a regular file"),
        (["settings", "set", "meditation.end_bell", "/etc"], "/etc is not a regular file"),
        (["log", "symptom", "", "--severity", "3"], "the symptom name is empty"),
        (["log", "symptom", "   ", "--severity", "3"], "the symptom name is empty"),
        // Invisible characters: a name of nothing else is empty; a direction override would turn a listing around.
        (["log", "symptom", "\u{200B}\u{200D}\u{FEFF}", "--severity", "3"], "the symptom name is empty"),
        (
            ["log", "symptom", "Head\u{202E}ache", "--severity", "3"],
            "the symptom name contains an invisible formatting character (U+202E)"
        ),
        (["log", "symptom", "\u{200E}Headache", "--severity", "3"], "(U+200E)"),
        (["contacts", "add", "Alex\u{2066}"], "the contact name contains an invisible formatting character (U+2066)"),
        (
            ["journal", "add", "--type", "oral", "--at", "0000-01-01T00:00:00+01:00"],
            "--at is before the year 1900; give a time from 1900 to 9999"
        ),
        (["log", "symptom", String(repeating: "x", count: 201), "--severity", "3"], "at most 200 are accepted"),
        (["log", "symptom", "Headache", "--severity", "0"], "severity 0 is out of range"),
        (["log", "symptom", "Headache", "--severity", "6"], "severity 6 is out of range"),
        (
            ["log", "symptom", "Headache", "--severity", "3", "--notes", String(repeating: "n", count: 5001)],
            "at most 5000 are accepted"
        ),
        (
            ["log", "symptom", "Headache", "--severity", "3", "--at", "2026-11-21T19:30"],
            "--at '2026-11-21T19:30' (19:30 today, 2026-11-21 19:30 EST) is in the future"
        ),
        (
            ["log", "symptom", "Headache", "--severity", "3", "--at", "1899-12-31T12:00:00-05:00"],
            "is before the year 1900"
        ),
        (["log", "symptom", "Headache", "--severity", "3", "--at", "teatime"], "--at 'teatime' is not a time"),
        (["log", "symptom", "Headache"], "nudge log symptom is missing --severity"),
        (["symptoms", "--date", "2026-02-30"], "--date '2026-02-30' is not a day"),
        // Text a terminal or a notification server would mangle.
        (
            ["log", "symptom", "Head\nache", "--severity", "3"],
            "the symptom name contains a newline (U+000A); give it on one line"
        ),
        (["log", "symptom", "Head\tache", "--severity", "3"], "the symptom name contains a tab (U+0009)"),
        (
            ["log", "symptom", "Head\u{1B}[31mache", "--severity", "3"],
            "the symptom name contains an escape character (ESC) (U+001B)"
        ),
        (
            ["log", "symptom", "Head\u{2028}ache", "--severity", "3"],
            "the symptom name contains a control character (U+2028)"
        ),
        (
            ["log", "symptom", "Headache", "--severity", "3", "--notes", "one\rtwo"],
            "--notes contains a carriage return (U+000D)"
        ),
        (
            ["log", "symptom", "Headache", "--severity", "3", "--notes", "bell\u{7}"],
            "--notes contains a control character (U+0007)"
        ),
        // 3,000 thumbs-up with a skin tone: 3,000 characters, 6,000 Unicode scalars, as SQLite counts.
        (
            ["log", "symptom", "Headache", "--severity", "3", "--notes", String(repeating: "👍🏽", count: 3000)],
            "--notes has 6000 characters (Unicode scalars); at most 5000 are accepted"
        ),
        (
            ["log", "symptom", String(repeating: "👍🏽", count: 101), "--severity", "3"],
            "the symptom name has 202 characters (Unicode scalars); at most 200"
        ),
        (
            ["log", "symptom", "-40C", "--severity", "3"],
            "a value that begins with '-' goes after '--', as in: nudge log symptom --severity 3 -- -40C"
        ),
        (
            ["log", "symptom", "Headache", "--severity", "3", "--notes", "-x"],
            "a value that begins with '-' is given as --notes=VALUE"
        ),
        (
            ["log", "symptom", "Headache", "--severity", "99999999999999999999"],
            "is not a whole number; give one from 1 to 5"
        ),
        (["log", "symptom", "Headache", "--severity", "abc"], "is not a whole number; give one from 1 to 5"),
        (["upcoming", "--limit", "lots"], "is not a whole number; give one from 1 to 10000"),
        (["upcoming", "--limit", "0"], "--limit 0 is out of range"),
        (["upcoming", "--from", "tomorrow"], "--from 'tomorrow' is a day without a time; give its time too"),
    ])
    func refusesBadInputAndChangesNothing(arguments: [String], message: String) throws {
        try expectRefusal(arguments, mentioning: message)
    }

    /// What a value means as of now (a day past, an age, the store's own path) is refused in
    /// run, before the store is opened: a path with no store still has none.
    @Test(arguments: [
        (["dose", "1", "--at", "2026-11-01T10:00"], "--at '2026-11-01T10:00' (2026-11-01 10:00 EST) is more than"),
        (["log", "symptom", "Headache", "--severity", "3", "--at", "2026-11-22T10:00"], "is in the future"),
        (["call", "remind", "Alex", "--on", "2026-11-20"], "--on 2026-11-20 is in the past; give today (2026-11-21)"),
        (["call", "log", "Alex", "--at", "2025-01-01T10:00"], "is more than 366 days ago"),
        (["upcoming", "--from", "1899-06-01T00:00"], "--from '1899-06-01T00:00' is before the year 1900"),
    ])
    func refusalsAgainstNowCreateNoStore(arguments: [String], message: String) {
        let result = InProcessNudge.run(arguments + ["--store", store], environment: environment)
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr == "nudge: \(result.stderr.dropFirst(7))" && result.stderr.contains(message), "\(result)")
        #expect(!FileManager.default.fileExists(atPath: store))
    }

    /// ArgumentParser's refusals as one line in nudge's words, its list of six or more values too.
    @Test func parserRefusalsAreOneLineInNudgesWords() throws {
        let journal = InProcessNudge.run(
            ["journal", "add", "--type", "tea", "--store", store], environment: environment)
        #expect(
            journal.stderr
                == "nudge: --type is not accepted; give one of 'iv', 'im', 'oral', 'lozenge', 'at-home' or 'clinic'\n")
        let format = nudge("journal", "export", "--format", "pdf")
        #expect(format.stderr.contains("is not accepted; give one of 'markdown' or 'json'"), "\(format)")
        let help = nudge("call", "log", "--help")
        #expect(["happy", "neutral", "sad", "frustrated", "excited"].allSatisfy { help.stdout.contains($0) })
    }

    /// Dose refusals after some history: `setup` runs first and must succeed.
    @Test(arguments: [
        (
            [], ["dose", "2", "--at", "18:30"],
            "no dose 1 is recorded, so dose 2 has no night to go in; record dose 1 first, at the time it was taken, such as: nudge dose 1 --at 22:30; then dose 2 again"
        ),
        ([], ["dose", "snooze"], "no dose 1 is recorded"),
        (
            [], ["dose", "1", "--at", "22:00"],
            "--at '22:00' (22:00 yesterday, 2026-11-20 22:00 EST) is more than 12 hours ago"
        ),
        ([], ["dose", "1", "--at", "2026-11-20T19:00:00-05:00"], "more than 12 hours ago"),
        ([["dose", "1", "--at", "18:30"]], ["dose", "snooze"], "the dose-2 window is not open"),
        (
            [["dose", "1", "--at", "18:30"]], ["dose", "2"],
            "the dose-2 window opens at 21:00, in 110 min; taking dose 2 early needs --early"
        ),
        ([["dose", "1", "--at", "18:30"]], ["dose", "1"], "a session is open since dose 1 at 18:30"),
        (
            [["dose", "1", "--at", "16:30"], ["dose", "snooze"], ["dose", "snooze"], ["dose", "snooze"]],
            ["dose", "snooze"], "all 3 snoozes are used"
        ),
        // 10 minutes left: DoseTap refuses a snooze in the last 15.
        (
            [["dose", "1", "--at", "15:20"]], ["dose", "snooze"],
            "15 minutes or less are left in the dose-2 window; snooze is off now"
        ),
        (
            [["settings", "set", "dose.snooze_duration_minutes", "30"], ["dose", "1", "--at", "15:35"]],
            ["dose", "snooze"],
            "a snooze would move the alarm to the window's close or later"
        ),
        (
            [["dose", "1", "--at", "16:30"], ["dose", "2"]], ["dose", "2", "--extra", "--at", "16:00"],
            "dose 2 cannot be before dose 1"
        ),
        (
            [["dose", "1", "--at", "16:30"], ["dose", "2"]], ["dose", "skip"],
            "dose 2 is already taken in this session; nothing to skip"
        ),
        (
            [["dose", "1", "--at", "16:30"], ["dose", "2"]], ["dose", "2"],
            "record another dose with: nudge dose 2 --extra"
        ),
        (
            [["dose", "1", "--at", "16:30"]], ["dose", "skip", "--reason", String(repeating: "r", count: 501)],
            "at most 500 are accepted"
        ),
    ])
    func refusesDoseAnswersTheWindowDoesNotAllow(setup: [[String]], arguments: [String], message: String) throws {
        for step in setup {
            let result = InProcessNudge.run(step + ["--store", store], environment: environment)
            #expect(result.status == 0, "\(step): \(result)")
        }
        try expectRefusal(arguments, mentioning: message)
    }

    /// Contact and call refusals; Alex and Alexandra exist, with one call.
    @Test(arguments: [
        (["call", "log", "Bob"], "no contact is named 'Bob'"),
        (["contacts", "add", "ALEX"], "a contact named 'Alex' exists (id 1); give another name"),
        (["contacts", "edit", "Alexandra", "--name", "alex"], "a contact named 'Alex' exists (id 1)"),
        (["contacts", "add", "Sam\nSmith"], "the contact name contains a newline"),
        (
            ["call", "log", "Alex", "--notes", "\u{1B}]0;title\u{7}"],
            "--notes contains an escape character (ESC) (U+001B)"
        ),
        (
            ["call", "log", "Alex", "--notes", String(repeating: "👍🏽", count: 3000)],
            "--notes has 6000 characters (Unicode scalars); at most 5000"
        ),
        (
            ["call", "log", "Alex", "--duration", "1e9"],
            "is not a whole number of minutes; give one from 0 to 1440 as 10 (minutes)"
        ),
        (
            ["contacts", "add", "Bob", "--every", "often"],
            "is not a number of days; give one from 1 to 3650, as 14, 14d, 2w or 2 weeks"
        ),
        (["contacts", "add", "Bob", "--every", "2 hours"], "is not a number of days"),
        (
            ["call", "log", "ale"],
            "no contact is named 'ale'; give the whole name or the id; did you mean: Alex, or Alexandra?"
        ),
        (["contacts", "remove", "99"], "no contact is named '99'"),
        (["contacts", "remove", "Alex"], "Alex: the contact has 1 logged call; remove them too with --delete-calls"),
        (["contacts", "add", "Bob", "--every", "0"], "--every 0 is out of range"),
        (["contacts", "add", "Bob", "--every", "-3"], "--every -3 is out of range"),
        (
            ["contacts", "add", String(repeating: "n", count: 201)],
            "the contact name has 201 characters (Unicode scalars); at most 200 are accepted"
        ),
        (["contacts", "add", " "], "the contact name is empty"),
        (["contacts", "edit", "Alex"], "nothing to change"),
        (
            ["contacts", "edit", "Alex", "--every", "3", "--no-cadence"],
            "--every and --no-cadence contradict each other"
        ),
        (["contacts", "edit", "ale", "--every", "3"], "did you mean: Alex, or Alexandra?"),
        (
            ["call", "remind", "Alex", "--on", "2026-11-20"],
            "--on 2026-11-20 is in the past; give today (2026-11-21) or a later day"
        ),
        (["call", "remind", "Alex", "--on", "2026-11-31"], "--on '2026-11-31' is not a day"),
        (["call", "remind", "Alex"], "give --in DAYS, --on YYYY-MM-DD or --at TIME"),
        (["call", "remind", "Alex", "--in", "1", "--on", "2026-11-23"], "give --in DAYS or --on YYYY-MM-DD, not both"),
        (
            ["call", "remind", "Alex", "--in", "0", "--at", "07:00"],
            "2026-11-21 at 07:00 (07:00 today, 2026-11-21 07:00 EST) has passed"
        ),
        (
            ["call", "remind", "Alex", "--in", "2", "--at", "25:00"],
            "--at '25:00' is not a time; give a local time such as 18:30"
        ),
        (
            ["call", "remind", "Alex", "--in", "2", "--note", String(repeating: "n", count: 5001)],
            "--note has 5001 characters"
        ),
        (
            ["call", "log", "Alex", "--mood", "angry"],
            "--mood 'angry' is not accepted; give one of 'happy', 'neutral', 'sad', 'frustrated' or 'excited'"
        ),
        (
            ["call", "log", "Alex", "--notes", String(repeating: "n", count: 5001)],
            "--notes has 5001 characters (Unicode scalars); at most 5000 are accepted"
        ),
        (["call", "log", "Alex", "--duration", "-5"], "--duration '-5' is not a whole number of minutes"),
        (["call", "log", "Alex", "--duration", "1441"], "--duration 1441 is out of range"),
        (
            ["call", "log", "Alex", "--at", "2026-11-22T10:00:00-05:00"],
            "(10:00 tomorrow, 2026-11-22 10:00 EST) is in the future"
        ),
    ])
    func refusesContactAndCallInput(arguments: [String], message: String) throws {
        for step in [
            ["contacts", "add", "Alex", "--every", "14"], ["contacts", "add", "Alexandra"], ["call", "log", "Alex"],
        ] {
            #expect(InProcessNudge.run(step + ["--store", store], environment: environment).status == 0)
        }
        try expectRefusal(arguments, mentioning: message)
    }

    @Test func contactsAndCallsListAsTextAndJSON() throws {
        _ = nudge("contacts", "add", "Alex", "--every", "14")
        _ = nudge("contacts", "add", "Sam")
        _ = nudge(
            "call", "log", "Alex", "--at", "2026-11-10T12:00:00-05:00", "--duration", "25", "--mood", "happy",
            "--notes", "long chat")
        let listed = nudge("contacts", "list")
        #expect(
            listed.stdout.contains(
                "1   Alex  14 days  2026-11-10 12:00  1    1     2026-11-24 09:00  -\n"),
            "\(listed.stdout)")
        #expect(listed.stdout.contains("2   Sam   -        never"))
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(nudge("contacts", "--json").stdout.utf8))
                as? [[String: Any]])
        #expect(
            json.first?["next_due_at"] as? String == "2026-11-24T14:00:00Z"
                && json.first?["last_call_at"] as? String == "2026-11-10T17:00:00Z")
        #expect(json.first?["stay_in_touch_days"] as? Int == 14 && json.last?["stay_in_touch_days"] is NSNull)
        #expect(
            nudge("contacts", "edit", "sam", "--every", "30", "--name", "Samuel").stdout
                == "updated Samuel (id 2): renamed from Sam; every 30 days (was no cadence)\n")
        let reminded = nudge(
            "call", "remind", "samuel", "--on", "2026-11-25", "--at", "6:30pm", "--note", "birthday")
        #expect(
            reminded.stdout
                == "will remind you to call Samuel on Wednesday 25 Nov, 18:30 (2026-11-25 18:30 EST) (reminder 1)\n")
        let reminders = try #require(
            try JSONSerialization.jsonObject(with: Data(nudge("call", "reminders", "--json").stdout.utf8))
                as? [[String: Any]])
        #expect(
            reminders.count == 1 && reminders.first?["due_at"] as? String == "2026-11-25T23:30:00Z"
                && reminders.first?["note"] as? String == "birthday")
        let upcoming = nudge("upcoming", "--json", "--limit", "3")
        let items = try #require(try JSONSerialization.jsonObject(with: Data(upcoming.stdout.utf8)) as? [[String: Any]])
        #expect(
            items.compactMap { $0["reminder_key"] as? String } == [
                "symptom:2026-11-21", "symptom:2026-11-22", "symptom:2026-11-23",
            ])
        _ = nudge("settings", "set", "symptom.reminder_enabled", "off")
        let calls = try #require(
            try JSONSerialization.jsonObject(with: Data(nudge("upcoming", "--json", "--limit", "2").stdout.utf8))
                as? [[String: Any]])
        #expect(calls.compactMap { $0["reminder_key"] as? String } == ["call:1:cadence:2026-11-24", "call:2:once:1"])
        #expect(calls.first?["title"] as? String == "Call Alex")
        #expect(
            nudge("contacts", "remove", "Alex", "--delete-calls", "--yes").stdout
                == "removed Alex (id 1) and 1 logged call\n")
    }

    @Test func logsSymptomsAndListsOneLocalDayNewestFirst() throws {
        #expect(nudge("log", "symptom", "Headache", "--severity", "3", "--at", "2026-11-21T14:05:00Z").status == 0)
        #expect(
            nudge(
                "log", "symptom", "Nausea", "--severity", "2", "--notes", "after lunch\nand again at four", "--at",
                "18:45"
            ).status == 0)
        let logged = nudge("log", "symptom", "Late", "--severity", "1")
        #expect(logged.stdout == "logged Late (1) at 19:10 today, 2026-11-21 19:10 EST\n")
        // 00:30 local on the 21st is the 20th in New York's terms only before 05:00Z.
        #expect(nudge("log", "symptom", "Yesterday", "--severity", "4", "--at", "2026-11-21T04:59:00Z").status == 0)

        let today = nudge("symptoms")
        #expect(today.status == 0)
        #expect(today.stdout.hasPrefix("Saturday 2026-11-21\n  ID  "))
        let rows = today.stdout.split(separator: "\n").dropFirst(2).map {
            $0.split(separator: " ", omittingEmptySubsequences: true)
        }
        #expect(rows.map { String($0[2]) } == ["Late", "Nausea", "Headache"])
        #expect(today.stdout.contains("18:45  Nausea    2         after lunch…\n"))

        let json = nudge("symptoms", "--date", "yesterday", "--json")
        let items = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(items.count == 1)
        #expect(
            items.first?["name"] as? String == "Yesterday"
                && items.first?["logged_at"] as? String == "2026-11-21T04:59:00Z")
        #expect(nudge("symptoms", "--date", "2026-11-19").stdout.hasPrefix("No symptoms logged on 2026-11-19"))
    }

    @Test func upcomingListsSoonestFirstAsTextAndJSON() throws {
        _ = nudge("settings", "set", "symptom.reminder_time", "20:00")
        let text = nudge("upcoming", "--limit", "2")
        #expect(text.status == 0)
        #expect(text.stdout.split(separator: "\n").dropFirst().first?.hasPrefix("2026-11-21 20:00 EST  in 50m") == true)
        let json = nudge("upcoming", "--json", "--limit", "3", "--from", "2026-03-07T12:00:00Z")
        let items = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(
            items.map { $0["due_at"] as? String } == [
                "2026-03-08T01:00:00Z", "2026-03-09T00:00:00Z", "2026-03-10T00:00:00Z",
            ])
        #expect(items.first?["kind"] as? String == "symptom")
        #expect(items.first?["reminder_key"] as? String == "symptom:2026-03-07")
        #expect(items.first?["title"] as? String == "Daily symptom check")
        _ = nudge("settings", "set", "symptom.reminder_enabled", "false")
        #expect(nudge("upcoming", "--json").stdout == "[]\n")
    }

    @Test func storeIsChosenByOptionThenEnvironment() throws {
        let other = directory.file("other.sqlite")
        var environment = self.environment
        environment["NUDGE_STORE"] = other
        _ = InProcessNudge.run(["settings", "set", "symptom.snooze_minutes", "45"], environment: environment)
        #expect(
            InProcessNudge.run(["settings", "get", "symptom.snooze_minutes"], environment: environment).stdout == "45\n"
        )
        #expect(nudge("settings", "get", "symptom.snooze_minutes").stdout == "60\n")
        let leading = InProcessNudge.run(
            ["--store", other, "settings", "get", "symptom.snooze_minutes"], environment: self.environment)
        #expect(leading.stdout == "45\n")
        var xdg = self.environment
        xdg["XDG_DATA_HOME"] = directory.file("xdg")
        _ = InProcessNudge.run(["settings", "set", "sound.enabled", "false"], environment: xdg)
        #expect(FileManager.default.fileExists(atPath: directory.file("xdg/nudge/nudge.sqlite")))
    }

    @Test func refusesAFileThatIsNotAStoreAndLeavesItAlone() throws {
        let notes = directory.file("notes.txt")
        let text = Data("call the pharmacy\n".utf8) + Data(repeating: 0x41, count: 4096)
        _ = FileManager.default.createFile(atPath: notes, contents: text)
        let result = InProcessNudge.run(
            ["settings", "set", "symptom.reminder_time", "21:00", "--store", notes], environment: environment)
        #expect(result.status == 65)
        #expect(
            result.stderr
                == "nudge: \(notes) is not a SQLite database; it was left untouched; choose another store with --store PATH\n"
        )
        #expect(StoreDump.bytes(notes) == text)
        let daemon = InProcessNudge.run(["daemon", "--store", notes], environment: environment)
        #expect(daemon.status == 65 && daemon.stderr.contains("is not a SQLite database"), "\(daemon)")
        #expect(StoreDump.bytes(notes) == text)
        let directoryResult = InProcessNudge.run(["symptoms", "--store", directory.path], environment: environment)
        #expect(directoryResult.status == 66 && directoryResult.stderr.contains("it is a directory"))
    }

    @Test func refusesAStoreMigratedByANewerNudge() throws {
        try StoreQuery.create(store)
        let sqlite = try Subprocess.run(
            "/usr/bin/sqlite3", [store, "INSERT INTO grdb_migrations VALUES ('v7 from the future')"])
        #expect(sqlite.status == 0, "\(sqlite)")
        let before = try StoreDump.of(store)
        let result = nudge("settings", "set", "symptom.reminder_time", "21:00")
        #expect(result.status == 65)
        #expect(result.stderr.contains("was migrated by a newer nudge (unknown migrations: v7 from the future)"))
        #expect(try StoreDump.of(store) == before)
    }
}
