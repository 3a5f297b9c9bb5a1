import Foundation
import NudgeCore
import NudgeStore
import NudgeTestSupport
import Testing

/// What a person reads says what happened in words: the dose-2 phase, what an edit changed, and
/// when a reminder was answered.
@Suite struct WordsPeopleReadTests: CommandScenario {
    let directory = TemporaryDirectory()

    @Test func doseStatusSaysThePhaseInWords() {
        #expect(nudge("dose", "1", "--at", "19:30").status == 0)
        #expect(nudge("dose", "status").stdout.hasPrefix("phase     waiting for the window to open\n"))
        #expect(nudge("dose", "skip").status == 0)
        #expect(nudge("dose", "status").stdout.hasPrefix("phase     done for tonight\n"))
    }

    /// Each value is wrapped under its first line at any width, and no phase is said by its key.
    @Test(arguments: [30, 40, 80])
    func doseStatusFitsTheWidth(columns: Int) {
        #expect(nudge("dose", "1", "--at", "19:30").status == 0)
        let status = InProcessNudge.run(
            ["dose", "status", "--store", store], environment: environment.merging(["COLUMNS": "\(columns)"]) { $1 })
        let lines = status.stdout.split(separator: "\n")
        #expect(lines.count >= 9 && lines.allSatisfy { $0.count <= columns }, "\(status)")
        #expect(
            !status.stdout.contains("beforeWindow") && status.stdout.hasPrefix("phase     waiting for the"), "\(status)"
        )
    }

    /// "Remind me tomorrow" answered at 19:30 is not "tomorrow at 19:30": the time is the
    /// answer's, said first, with its day when that was not the day it was due.
    @Test func historySaysWhenAnAnswerCameNotATimeToCome() throws {
        #expect(nudge("contacts", "add", "Ann").status == 0)
        let clock = WallClock(zone: .system("Europe/Berlin"))
        let store = try Store(path: self.store)
        let ann = try #require(try store.contacts().first)
        for (due, answered) in [
            ("2026-11-22T18:00:00Z", "2026-11-22T18:30:00Z"), ("2026-11-20T18:00:00Z", "2026-11-21T08:15:00Z"),
        ] {
            let dueAt = try #require(Timestamp.parse(due))
            let answeredAt = try #require(Timestamp.parse(answered))
            _ = try store.addCallReminder(
                contactID: ann.id, dueAt: dueAt, note: nil, now: dueAt.addingTimeInterval(-60))
            let open = try #require(try store.openCallReminders().first { $0.dueAt == dueAt })
            let occurrence = Occurrence(kind: .call, key: CallReminder.onceKey(open), dueAt: dueAt, title: "Call Ann")
            let claimed = try #require(try store.claim(occurrence))
            try store.markShown(claimed.id, notificationID: 1, content: nil, at: dueAt, clock: clock)
            _ = try store.answer(claimed.id, action: "tomorrow", at: answeredAt, clock: clock)
        }
        let history = nudge("history", "--since", "2026-11-19").stdout
        #expect(history.contains("answered 19:30: tomorrow") && !history.contains("tomorrow at"), "\(history)")
        #expect(history.contains("answered 2026-11-21 09:15: tomorrow"), "\(history)")
    }

    @Test func contactsEditSaysWhatChanged() {
        #expect(nudge("contacts", "add", "Sam", "--every", "7").status == 0)
        #expect(
            nudge("contacts", "edit", "Sam", "--every", "10").stdout
                == "updated Sam (id 1): every 10 days (was every 7 days)\n")
        #expect(
            nudge("contacts", "edit", "Sam", "--no-cadence").stdout
                == "updated Sam (id 1): no cadence (was every 10 days)\n")
        #expect(nudge("contacts", "edit", "sam", "--name", "Sam").stdout == "updated Sam (id 1): nothing changed\n")
    }
}
