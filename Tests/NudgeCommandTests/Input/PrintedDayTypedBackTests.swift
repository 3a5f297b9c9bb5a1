import Foundation
import NudgeTestSupport
import Testing

/// What `remind` and `reminders` print (`Mon 2026-11-23 21:00`) is taken typed back by every
/// option of a day or a time, read as the same words without the weekday, zone included; a
/// weekday that is not the date's is refused naming both (hostile round on issue 40, M8).
@Suite struct PrintedDayTypedBackTests: CommandScenario {
    let directory = TemporaryDirectory()

    @Test func whatRemindPrintsIsTakenTypedBack() throws {
        let added = nudge("remind", "Water", "--on", "tomorrow", "--at", "21:00")
        let printed = try #require(added.stdout.split(separator: "; next ").last.map { $0.dropLast() }, "\(added)")
        #expect(printed == "Mon 2026-11-23 21:00", "\(added)")
        let day = String(printed.prefix(14))
        let onDay = nudge("remind", "Tea", "--on", day, "--at", "18:00")
        #expect(onDay.status == 0 && onDay.stdout.contains("on 2026-11-23 at 18:00"), "\(onDay)")
        let from = nudge("upcoming", "--from", String(printed))
        #expect(from.status == 0 && from.stdout.contains("Water"), "\(from)")
        let dated = nudge("symptoms", "--date", "Sun 2026-11-22")
        #expect(dated.status == 0 && dated.stdout.contains("2026-11-22"), "\(dated)")
        for since in ["Sat 2026-11-21 18:00", "saturday 2026-11-21 18:00 CET"] {
            let history = nudge("history", "--since", since)
            #expect(history.status == 0, "\(since): \(history)")
        }
    }

    @Test(arguments: [
        (["symptoms", "--date", "Mon 2026-11-22"], "--date"),
        (["history", "--since", "Fri 2026-11-21 18:00"], "--since"),
        (["upcoming", "--from", "Tue 2026-11-23 18:00"], "--from"),
    ])
    func aWeekdayThatIsNotTheDatesIsRefusedNamingBoth(arguments: [String], option: String) throws {
        try StoreQuery.create(store)
        let date = try #require(arguments[2].split(separator: " ").dropFirst().first)
        let result = try InProcessNudge.expectRefusal(
            arguments, store: store, environment: environment, mentioning: "a weekday that is not the date's: \(date)")
        #expect(result.stderr.contains("\(option) '\(arguments[2])'"), "\(result.stderr)")
        #expect(result.stderr.contains(String(arguments[2].prefix(3))), "\(result.stderr)")
    }
}
