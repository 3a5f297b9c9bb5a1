import Foundation
import Testing

@testable import NudgeCore

/// Which dose an entry takes (hostile round of issue 42: with doses at 08:00 and 08:45, an
/// entry at 08:05 took the 08:45, so 08:45 was never reminded and 08:00 stayed "not answered").
@Suite struct DoseMatchingTests {
    let day = CivilDate(iso: "2026-11-26")!

    /// Doses of one day at these UTC times of day (`08:00`), named by them.
    func doses(_ times: String...) -> [DoseMatching.Due] {
        times.map { text in
            let time = LocalTime(parsing: text)!
            return DoseMatching.Due(
                dose: ScheduledDose(medicationID: "ritalin_ir", date: day, time: time),
                dueAt: Timestamp.parse("2026-11-26T\(text):00Z")!)
        }
    }

    func at(_ time: String) -> Date { Timestamp.parse("2026-11-26T\(time)Z")! }

    /// What each dose took, as `dose time → entry time`, in the doses' order.
    func matched(
        _ entries: [String], doses: [DoseMatching.Due], repeatMinutes: Int = 10,
        answeredTaken: [String: String] = [:]
    ) -> [String] {
        let instants = entries.map(at)
        var answered: [ScheduledDose: Date] = [:]
        for (time, shown) in answeredTaken {
            answered[doses.first { $0.dose.time.description == time }!.dose] = at(shown)
        }
        let taken = DoseMatching.entries(
            instants, doses: doses, remindedFor: MedicationReminder.remindedFor(repeatMinutes: repeatMinutes),
            answeredTaken: answered)
        return doses.compactMap { due in taken[due.dose].map { "\(due.dose.time) → \(entries[$0])" } }
    }

    @Test(arguments: [
        // The dose on screen, never the later one an hour ahead.
        (["08:05:00"], ["08:00 → 08:05:00"]),
        // Each its own: the first due, then the second.
        (["08:10:00", "08:50:00"], ["08:00 → 08:10:00", "08:45 → 08:50:00"]),
        // A little early: the first dose ahead, though the next is within the hour too.
        (["07:50:00"], ["08:00 → 07:50:00"]),
        // Given in reverse order, the same.
        (["08:50:00", "08:10:00"], ["08:00 → 08:10:00", "08:45 → 08:50:00"]),
        // After the first's repeats: the second, early.
        (["08:41:00"], ["08:45 → 08:41:00"]),
    ])
    func twoDosesLessThanAnHourApart(entries: [String], expected: [String]) {
        #expect(matched(entries, doses: doses("08:00", "08:45")) == expected)
    }

    /// The daemon's case: doses a minute apart, repeats every minute; an entry at 05:20:23
    /// takes 05:20, and 05:21 is still reminded (not taken).
    @Test func dosesAMinuteApart() {
        #expect(matched(["05:20:23"], doses: doses("05:20", "05:21"), repeatMinutes: 1) == ["05:20 → 05:20:23"])
        #expect(
            matched(["05:20:23", "05:21:40"], doses: doses("05:20", "05:21"), repeatMinutes: 1) == [
                "05:20 → 05:20:23", "05:21 → 05:21:40",
            ])
    }

    /// Far apart, as before: late within the first's span, early within the hour before the
    /// second; an entry in the hour before the second never takes a first whose repeats ended.
    @Test(arguments: [
        (["10:00:00"], ["08:00 → 10:00:00"]),
        (["13:30:00"], ["14:00 → 13:30:00"]),
        (["07:00:00"], ["08:00 → 07:00:00"]),
        (["08:05:00", "08:20:00"], ["08:00 → 08:05:00"]),
        (["06:59:00"], []),
    ])
    func dosesHoursApart(entries: [String], expected: [String]) {
        #expect(matched(entries, doses: doses("08:00", "14:00")) == expected)
    }

    /// *Taken* on a notification of the first dose while the second is on screen too: the entry
    /// the button wrote is the first's, and the second is still reminded.
    @Test func anAnswerOnANotificationTakesTheEntryItWrote() {
        #expect(
            matched(
                ["05:27:30"], doses: doses("05:20", "05:27"), repeatMinutes: 10, answeredTaken: ["05:20": "05:27:00"])
                == ["05:20 → 05:27:30"])
        #expect(matched(["05:27:30"], doses: doses("05:20", "05:27"), repeatMinutes: 10) == ["05:27 → 05:27:30"])
    }
}
