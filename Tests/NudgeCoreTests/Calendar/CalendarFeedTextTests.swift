import Foundation
import NudgeTestSupport
import Testing

@testable import NudgeCore

/// The feed's own reminders: one VEVENT with its RRULE from the day it was set, a day the
/// schedule no longer shows (answered, or snoozed) left out with EXDATE, a snooze an event of
/// its own; a private kind's event neutral; a UID per store and occurrence.
@Suite struct CalendarFeedTextTests {
    let clock = WallClock(zone: .system("America/New_York"))
    let now = Timestamp.parse("2026-11-21T19:10:00-05:00")!
    var end: Date { clock.startOfDay(CivilDate(year: 2026, month: 11, day: 28)) }

    func feed(_ occurrences: [Occurrence], identity: String = "store-a") -> CalendarFeed {
        let plants = OwnReminderSchedule(
            id: 7, text: "Water the plants", repeats: .every(days: 1, from: CivilDate(year: 2026, month: 11, day: 21)),
            time: LocalTime(hour: 18, minute: 0)!, since: now.addingTimeInterval(-86400 * 3))
        return CalendarFeed(
            occurrences: occurrences, privateKinds: [.symptom], ownReminders: [plants], storeIdentity: identity,
            version: "0.1.0")
    }

    func day(_ day: Int) -> Occurrence {
        let date = CivilDate(year: 2026, month: 11, day: day)
        return Occurrence(
            kind: .ownReminder, key: "reminder:7:\(date)",
            dueAt: clock.instant(on: date, at: LocalTime(hour: 18, minute: 0)!)!,
            title: "Water the plants")
    }

    @Test func aSettledDayIsAnExceptionAndASnoozeAnEventOfItsOwn() {
        let snooze = Occurrence(
            kind: .ownReminder, key: "reminder:7:2026-11-23:snooze:1", dueAt: day(23).dueAt.addingTimeInterval(3600),
            title: "Water the plants")
        let symptom = Occurrence(kind: .symptom, key: "symptom:2026-11-22", dueAt: day(22).dueAt, title: "Headache ×3")
        let text = feed([day(22), symptom, snooze, day(24), day(25), day(26), day(27)]).text(
            now: now, end: end, clock: clock)
        #expect(text.components(separatedBy: "BEGIN:VEVENT").count - 1 == 3, "the rule, the snooze, the check")
        #expect(text.contains("DTSTART;TZID=America/New_York:20261121T180000\r\nRRULE:FREQ=DAILY\r\n"))
        #expect(text.contains("EXDATE;TZID=America/New_York:20261123T180000\r\n"), "the 23rd was snoozed")
        #expect(text.components(separatedBy: "EXDATE").count - 1 == 1)
        #expect(
            text.contains("DTSTART;TZID=America/New_York:20261123T190000\r\nDURATION:PT1M\r\nSUMMARY:Water the plants"))
        #expect(!text.contains("Headache") && text.contains("SUMMARY:nudge: a reminder is waiting"))
    }

    @Test func uidsAreStablePerStoreAndOccurrence() {
        let first = feed([day(22)]).uid("reminder:7:2026-11-22")
        #expect(first == feed([]).uid("reminder:7:2026-11-22"))
        #expect(first != feed([], identity: "store-b").uid("reminder:7:2026-11-22"))
        #expect(first != feed([]).uid("reminder:7:2026-11-23"))
        #expect(!first.contains("reminder") && first.hasSuffix("@nudge"))
    }

    /// A time the clock reads twice on the fall-back night is written in UTC: RFC 5545 takes a
    /// repeated local time as its first, and a snooze due at the second 01:30 read an hour early
    /// (hostile round: Python's icalendar read 05:30Z for nudge's 06:30Z).
    @Test func aRepeatedLocalTimeIsWrittenInUTC() {
        let second = Timestamp.parse("2026-11-01T06:30:15Z")!
        let first = Timestamp.parse("2026-11-01T05:30:00Z")!
        let occurrences = [
            Occurrence(kind: .symptom, key: "symptom:2026-11-01", dueAt: first, title: "check"),
            Occurrence(kind: .symptom, key: "symptom:2026-11-01:snooze:1", dueAt: second, title: "check"),
        ]
        let text = feed(occurrences).text(
            now: Timestamp.parse("2026-10-31T12:00:00-04:00")!, end: Timestamp.parse("2026-11-03T00:00:00Z")!,
            clock: clock)
        #expect(text.contains("DTSTART:20261101T063015Z\r\n"), "\(text)")
        #expect(text.contains("DTSTART:20261101T053000Z\r\n"), "\(text)")
        #expect(!text.contains("TZID=America/New_York:20261101T01"), "\(text)")
    }
}
