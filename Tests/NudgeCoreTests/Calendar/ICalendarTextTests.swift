import Foundation
import Testing

@testable import NudgeCore

/// RFC 5545's lines as nudge writes and reads them: folded at 75 octets between characters'
/// bytes, TEXT escaped, and read back to what was written.
@Suite struct ICalendarTextTests {
    static let titles = [
        String(repeating: "✓", count: 60), "Water the plants, then; the ferns \\ (all)\nand the cactus",
        String(repeating: "a", count: 74) + "é" + String(repeating: "日本", count: 40), "👩‍👩‍👧‍👦 family call",
    ]

    @Test(arguments: titles) func aLineIsFoldedBetweenCharactersAndReadBackWhole(title: String) throws {
        var lines = ICalendarLines()
        lines.begin("VCALENDAR")
        lines.add("X-TITLE", ICalendarLines.text(title))
        lines.end("VCALENDAR")
        let bytes = Array(lines.text.utf8)
        let physical = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast()
        for line in physical {
            #expect(line.last == UInt8(ascii: "\r"), "every line ends in CRLF")
            #expect(line.count - 1 <= 75, "\(line.count - 1) octets")
            #expect(String(validating: line, as: UTF8.self) != nil, "a fold split a character's bytes")
        }
        let calendar = try #require(try ICalendarParser.calendars(lines.text).first)
        let read = try #require(calendar.first("X-TITLE"))
        #expect(ICalendarComponent.text(read.value) == title)
        #expect(!read.value.contains("\n"), "a line break is written \\n")
    }

    @Test(
        arguments: [
            ("PT0S", 0), ("-PT15M", -900), ("-P1D", -86400), ("PT1H30M", 5400), ("P2W", 1_209_600), ("-P300S", -300),
            ("+PT10S", 10), ("P", nil), ("-PT", nil), ("15M", nil), ("P99999999999999D", nil), ("PT1X", nil),
        ] as [(String, Int?)])
    func durations(_ text: String, _ seconds: Int?) {
        #expect(ICalendarTime.duration(text) == seconds)
    }

    @Test(
        arguments: [
            ("FREQ=DAILY", OwnReminderRepeat.every(days: 1, from: day)),
            ("FREQ=DAILY;INTERVAL=3", .every(days: 3, from: day)),
            ("FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR", .weekly(MedicationDays(weekdays: [1, 2, 3, 4, 5]))),
            ("FREQ=WEEKLY", .weekly(MedicationDays(weekdays: [day.weekday]))),
            ("FREQ=WEEKLY;BYDAY=MO,TH;WKST=MO", .weekly(MedicationDays(weekdays: [1, 4]))),
            ("FREQ=WEEKLY;INTERVAL=2", .every(days: 14, from: day)),
            ("FREQ=MONTHLY", .monthly(day: day.day)), ("FREQ=MONTHLY;BYMONTHDAY=-1", .monthly(day: 31)),
            ("FREQ=MONTHLY;BYMONTHDAY=15", .monthly(day: 15)),
        ] as [(String, OwnReminderRepeat)])
    func rulesNudgeCanSay(_ rule: String, _ repeats: OwnReminderRepeat) throws {
        #expect(try CalendarImport.repeats(rule, alarmDay: Self.day, shift: 0).repeats == repeats)
    }

    static let day = CivilDate(year: 2026, month: 11, day: 23)

    @Test(arguments: [
        ("FREQ=DAILY;COUNT=0", CalendarImport.Reason.rule), ("FREQ=DAILY;COUNT=3;UNTIL=20270101T000000Z", .rule),
        ("FREQ=WEEKLY;UNTIL=2027", .rule), ("FREQ=WEEKLY;INTERVAL=9999999999999999", .rule), ("FREQ=YEARLY", .rule),
        ("FREQ=MONTHLY;BYDAY=2MO", .rule), ("FREQ=MONTHLY;BYMONTHDAY=28,29,30", .rule),
        ("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH", .rule), ("FREQ=MONTHLY;INTERVAL=2", .rule), ("FREQ=HOURLY", .rule),
        ("FREQ=DAILY;INTERVAL=0", .rule), ("FREQ=DAILY;INTERVAL=4000", .rule), ("FREQ=DAILY;BYHOUR=9", .rule),
        ("INTERVAL=2", .rule), ("FREQ=MONTHLY;BYMONTHDAY=32", .rule),
    ])
    func rulesNudgeCannotSayAreLeftOutWithTheirReason(_ rule: String, _ reason: CalendarImport.Reason) {
        #expect(throws: CalendarImport.Refusal.leftOut(reason)) {
            try CalendarImport.repeats(rule, alarmDay: Self.day, shift: 0)
        }
    }

    /// COUNT and UNTIL as the rule's end: a number of times, a UTC instant, or a date.
    @Test func endsNudgeCanSay() throws {
        #expect(try CalendarImport.repeats("FREQ=DAILY;COUNT=3", alarmDay: Self.day, shift: 0).end == .count(3))
        let until = try CalendarImport.repeats("FREQ=WEEKLY;UNTIL=20270101T050000Z", alarmDay: Self.day, shift: 0).end
        #expect(until == .until(.init(date: CivilDate(iso: "2027-01-01")!, secondsOfDay: 18000, isUTC: true)))
        let day = try CalendarImport.repeats("FREQ=WEEKLY;UNTIL=20270101", alarmDay: Self.day, shift: 0).end
        #expect(day == .until(.init(date: CivilDate(iso: "2027-01-01")!, secondsOfDay: nil, isUTC: false)))
    }

    /// nudge's repeats as RRULEs: each month's 29th to 31st a shorter month's last day.
    @Test(
        arguments: [
            (OwnReminderRepeat.every(days: 3, from: day), "FREQ=DAILY;INTERVAL=3"),
            (.weekly(MedicationDays(weekdays: [0, 1, 4])), "FREQ=WEEKLY;BYDAY=MO,TH,SU"),
            (.monthly(day: 31), "FREQ=MONTHLY;BYMONTHDAY=-1"),
            (.monthly(day: 30), "FREQ=MONTHLY;BYMONTHDAY=30"),
            (.monthly(day: 5), "FREQ=MONTHLY;BYMONTHDAY=5"),
        ] as [(OwnReminderRepeat, String)])
    func repeatsAsRules(_ repeats: OwnReminderRepeat, _ rule: String) {
        #expect(repeats.rule == rule)
    }
}
