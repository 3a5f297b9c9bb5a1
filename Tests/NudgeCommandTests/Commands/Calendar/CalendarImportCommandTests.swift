import Foundation
import NudgeTestSupport
import Testing

/// `nudge remind --import FILE.ics`: each event or to-do with an alarm a reminder at its alarm,
/// the others counted by why they were left out, a zone nudge cannot resolve named per event,
/// nothing added twice; a file that is no calendar, no regular file or too big refused in one
/// line with the store unchanged.
@Suite struct CalendarImportCommandTests: CommandScenario {
    let directory = TemporaryDirectory()
    /// Saturday 2026-11-21, 19:10 in New York.
    let environment = CommandScenarioClock.newYorkEvening

    func write(_ name: String, _ text: String) throws -> String {
        let path = directory.file(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func calendar(_ events: String...) -> String {
        (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN"] + events + ["END:VCALENDAR", ""])
            .joined(separator: "\r\n")
    }

    static func event(_ lines: String..., alarm: String? = "TRIGGER:-PT15M", component: String = "VEVENT") -> String {
        let alarmLines = alarm.map { ["BEGIN:VALARM", "ACTION:DISPLAY", $0, "END:VALARM"] } ?? []
        return (["BEGIN:\(component)"] + lines + alarmLines + ["END:\(component)"]).joined(separator: "\r\n")
    }

    func listed() throws -> [String] {
        let result = nudge("reminders", "--json")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        return rows.map { "\($0["text"] ?? ""), \($0["repeats"] ?? "") at \($0["at"] ?? "")" }.sorted()
    }

    @Test func eachEventWithAnAlarmBecomesAReminderAndTheRestAreCounted() throws {
        let file = try write(
            "calendar.ics",
            Self.calendar(
                Self.event("UID:1", "SUMMARY:Dentist", "DTSTART;TZID=America/New_York:20261201T100000"),
                Self.event(
                    "UID:2", "SUMMARY:Call\\, Berlin", "DTSTART;TZID=Europe/Berlin:20261123T143000",
                    "RRULE:FREQ=WEEKLY;BYDAY=MO,TH", alarm: "TRIGGER:PT0S"),
                Self.event("UID:3", "SUMMARY:Stretch", "DTSTART:20261122T120000Z", "RRULE:FREQ=DAILY;INTERVAL=2"),
                Self.event(
                    "UID:4", "SUMMARY:Rent", "DTSTART:20261130T100000", "RRULE:FREQ=MONTHLY;BYMONTHDAY=-1",
                    alarm: "TRIGGER:PT0S"),
                Self.event(
                    "UID:5", "SUMMARY:Bins", "DTSTART:20261124T070000", "RRULE:FREQ=WEEKLY;BYDAY=TU",
                    alarm: "TRIGGER:-PT12H"),
                Self.event("UID:6", "SUMMARY:Taxes", "DUE:20261215T090000", component: "VTODO"),
                Self.event(
                    "UID:7", "SUMMARY:Yoga", "DTSTART:20261123T070000", "RRULE:FREQ=DAILY", "EXDATE:20261125T070000"),
                Self.event("UID:8", "SUMMARY:Course", "DTSTART:20261123T070000", "RRULE:FREQ=DAILY;COUNT=5"),
                Self.event(
                    "UID:9", "SUMMARY:Course", "DTSTART:20261123T070000", "RRULE:FREQ=WEEKLY;UNTIL=20270101T000000Z"),
                Self.event("UID:10", "SUMMARY:Lunch", "DTSTART:20261201T120000", alarm: nil),
                Self.event("UID:11", "SUMMARY:Gone", "DTSTART:20261120T120000"),
                Self.event("UID:12", "SUMMARY:Launch", "DTSTART;TZID=Mars/Olympus_Mons:20261201T120000"),
                Self.event("UID:13", "SUMMARY:Holiday", "DTSTART:20261201T120000", "RRULE:FREQ=YEARLY"),
                // A Monday 09:00 in Tokyo beginning in two weeks: your Sunday, 18:50 or 19:50.
                Self.event(
                    "UID:15", "SUMMARY:Standup", "DTSTART;TZID=Asia/Tokyo:20261207T090000",
                    "RRULE:FREQ=WEEKLY;BYDAY=MO",
                    alarm: "TRIGGER:-PT10M"),
                // RDATE on an event that does not repeat adds days to it too.
                Self.event(
                    "UID:14", "SUMMARY:Checkup", "DTSTART:20261201T100000", "RDATE:20261208T100000,20261215T100000"),
                Self.event("UID:nudge-0123456789abcdef@nudge", "SUMMARY:Call Sam", "DTSTART:20261201T120000")))
        let imported = nudge("remind", "--import", file)
        #expect(imported.status == 0, "\(imported)")
        for line in [
            "added reminder 1: Dentist, on 2026-12-01 at 09:45",
            "left out: 2 events with EXDATE or RDATE",
            "left out: 1 event without an alarm", "left out: 1 event whose alarm has passed",
            "left out: 1 event repeating otherwise", "left out: 1 event that nudge's own feed holds",
            "left out: an event in the zone 'Mars/Olympus_Mons'",
            // Berlin's, UTC's and Tokyo's 14:30, 12:00 and 09:00 are an hour later here for
            // months of the year (Tokyo's also begins on a day to come: named for its time).
            "left out: 3 events whose alarms' time on your clock changes through the year",
        ] {
            #expect(imported.stdout.contains(line), "\(line) in \(imported)")
        }
        #expect(
            !imported.stdout.contains("Launch") && !imported.stdout.contains("Yoga")
                && !imported.stdout.contains("Checkup"), "no event's text is repeated")
        let expected = [
            "Bins, weekly mon at 19:00", "Course, every day at 06:45", "Course, weekly mon at 06:45",
            "Dentist, on 2026-12-01 at 09:45", "Rent, monthly on day 31 at 10:00", "Taxes, on 2026-12-15 at 08:45",
        ]
        #expect(try listed() == expected)

        let again = nudge("remind", "--import", file)
        #expect(again.status == 0 && again.stdout.contains("6 reminders there already, not added again"), "\(again)")
        #expect(try listed() == expected, "importing the same file twice adds nothing")
    }

    /// A title of several lines (`\n`) is taken, its lines joined by a space, and the account
    /// says so of those left out: blank, or over 200 characters once joined.
    @Test func aTitleOfSeveralLinesIsJoinedByASpace() throws {
        let file = try write(
            "lines.ics",
            Self.calendar(
                Self.event("UID:1", "SUMMARY:Water\\nthe plants", "DTSTART:20261201T100000"),
                Self.event("UID:2", "SUMMARY:" + String(repeating: "a", count: 201), "DTSTART:20261201T100000"),
                Self.event("UID:3", "SUMMARY:\\n", "DTSTART:20261201T100000")))
        let imported = nudge("remind", "--import", file)
        #expect(imported.status == 0, "\(imported)")
        #expect(imported.stdout.contains("added reminder 1: Water the plants, on 2026-12-01 at 09:45"), "\(imported)")
        #expect(
            imported.stdout.contains(
                "left out: 2 events without a title nudge can take (SUMMARY: at most 200 characters and no control character such as a tab, its lines joined by a space)"
            ), "\(imported)")
        #expect(try listed() == ["Water the plants, on 2026-12-01 at 09:45"])
    }

    /// A feed calcurse wrote (floating times, no UIDs, `TRIGGER:-P300S` for its notify flag).
    @Test(.enabled(if: CalendarReaders.hasCalcurse, CalendarReaders.calcurseMissing))
    func aFeedCalcurseWroteIsImported() throws {
        let data = directory.file("calcurse")
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        try Data(
            """
            11/22/2026 @ 18:00 -> 11/22/2026 @ 18:00 {3D} !Water the plants
            11/23/2026 @ 07:30 -> 11/23/2026 @ 07:30 {1W w1 w4} !Gym
            12/05/2026 @ 09:00 -> 12/05/2026 @ 09:30 !Call Sam
            12/06/2026 @ 09:00 -> 12/06/2026 @ 10:00 |Brunch
            11/23/2026 @ 08:00 -> 11/23/2026 @ 08:00 {1D -> 12/31/2026} !Course

            """.utf8
        ).write(to: URL(fileURLWithPath: data + "/apts"))
        let exported = try Subprocess.run(
            "/usr/bin/calcurse", ["-D", data, "-xical"],
            environment: ["TZ": "America/New_York", "HOME": directory.path])
        try #require(exported.status == 0 && exported.stdout.contains("BEGIN:VEVENT"), "\(exported)")
        let file = try write("calcurse.ics", exported.stdout)
        let imported = nudge("remind", "--import", file)
        #expect(imported.status == 0, "\(imported)")
        #expect(imported.stdout.contains("left out: 1 event without an alarm"), "Brunch: \(imported)")
        #expect(
            try listed() == [
                "Call Sam, on 2026-12-05 at 08:55", "Course, every day at 07:55", "Gym, weekly mon,thu at 07:25",
                "Water the plants, every 3 days at 17:55",
            ])
    }

    /// A byte order mark some programs write first is read past (hostile round: refused as
    /// "END:VCALENDAR closes nothing open").
    @Test func aByteOrderMarkIsReadPast() throws {
        let file = try write(
            "bom.ics",
            "\u{FEFF}" + Self.calendar(Self.event("UID:1", "SUMMARY:Dentist", "DTSTART:20261201T100000")))
        let imported = nudge("remind", "--import", file)
        #expect(imported.status == 0, "\(imported)")
        #expect(try listed() == ["Dentist, on 2026-12-01 at 09:45"])
    }

    @Test func aFileThatIsNoCalendarOrTooBigIsRefusedWithTheStoreUnchanged() throws {
        let fifo = directory.file("fifo.ics")
        #expect(mkfifo(fifo, 0o600) == 0)
        let huge = directory.file("huge.ics")
        #expect(FileManager.default.createFile(atPath: huge, contents: nil) && truncate(huge, 11 * 1024 * 1024) == 0)
        let many = try write(
            "many.ics",
            Self.calendar(
                (0...1000).map { Self.event("UID:\($0)", "SUMMARY:x", "DTSTART:20261201T120000") }.joined(
                    separator: "\r\n")))
        let longLine = try write("long.ics", Self.calendar("X-LONG:" + String(repeating: "a", count: 1_100_000)))
        let cases: [(String, String)] = [
            (try write("plain.ics", "Water the plants at six\n"), "has no VCALENDAR"),
            (try write("open.ics", "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"), "is never ended"),
            (fifo, "is not a regular file"), ("/dev/zero", "is not a regular file"),
            (directory.path, "is not a regular file"),
            (
                try write(
                    "deep.ics",
                    Self.calendar(
                        String(repeating: "BEGIN:X\r\n", count: 50_000) + String(repeating: "END:X\r\n", count: 50_000))
                ), "nested more than 16 deep"
            ),
            (huge, "is over 10 MB"), (many, "holds 1001 events"), (longLine, "has a line over 1 MB (line 4)"),
            (directory.file("missing.ics"), "cannot be read"),
        ]
        for (path, mentioning) in cases {
            try expectRefusal(["remind", "--import", path], mentioning: mentioning)
        }
        try expectRefusal(["remind", "--import", many, "--at", "10:00"], mentioning: "give it alone")
        try expectRefusal(["remind", "--every", "3d", "--at", "10:00"], mentioning: "--import FILE.ics")
        try expectRefusal(["upcoming", "--days", "3"], mentioning: "add --format ics")
        try expectRefusal(["upcoming", "--format", "ics", "--days", "0"], mentioning: "--days 0 is out of range")
        // A feed is a span of days: a count is refused, never silently ignored.
        try expectRefusal(
            ["upcoming", "--format", "ics", "--limit", "5"], mentioning: "give --days N with --format ics")
        try expectRefusal(["upcoming", "--format", "ics", "--output", store], mentioning: "is the store")
        // iCalendar's years have four digits: a span past 9999 wrote `100000312T020000`.
        try expectRefusal(
            ["upcoming", "--format", "ics", "--from", "9999-12-30 00:00", "--days", "366"],
            mentioning: "goes past the year 9999")
    }
}
