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

    /// At 20 columns, too narrow for a label beside its value, each label is over its value,
    /// every line within the width (issue 40: 11 lines 21-30 wide, `time left` glued to its
    /// value); at the default width, each label beside its value as before.
    @Test func doseStatusStacksEachLabelOverItsValueWhenNarrow() {
        #expect(nudge("dose", "1", "--at", "19:30").status == 0)
        let narrow = InProcessNudge.run(
            ["dose", "status", "--store", store], environment: environment.merging(["COLUMNS": "20"]) { $1 })
        let lines = narrow.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.allSatisfy { $0.count <= 20 }, "\(narrow)")
        let labels = ["phase", "session", "dose 1", "window", "alarm", "snoozes", "snooze", "time left", "dose 2"]
        #expect(lines.filter { !$0.hasPrefix("  ") } == labels.map { Substring($0) }, "\(narrow)")
        #expect(narrow.stdout.contains("\ntime left\n  120 min until the\n  window opens\n"), "\(narrow)")
        let wide = nudge("dose", "status")
        #expect(
            wide.stdout == """
                phase     waiting for the window to open
                session   2026-11-22
                dose 1    2026-11-22 19:30 CET
                window    22:00-23:30
                alarm     22:15
                snoozes   0 used, 3 left
                snooze    not now: the dose-2 window is not open yet; a snooze is only possible
                          while it is
                time left 120 min until the window opens
                dose 2    -

                """, "\(wide)")
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
