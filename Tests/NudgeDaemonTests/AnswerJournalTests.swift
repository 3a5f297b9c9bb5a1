import Foundation
import NudgeNotifier
import NudgeTestSupport
import Testing

@testable import NudgeDaemon

/// The journal keeps every entry until all of them are in the store.
struct AnswerJournalTests {
    /// A click journaled before a "shown" that is recorded first must survive a kill: the next
    /// daemon finds it (the fault harness lost one such click while the store was busy).
    @Test func aClickStaysUntilItIsRecordedWhateverWasRecordedBefore() throws {
        let directory = TemporaryDirectory()
        let store = directory.file("nudge.sqlite")
        let journal = try AnswerJournal(storePath: store)
        let clicked = Date(timeIntervalSince1970: 1_795_000_000)
        #expect(journal.append(.event(.actionInvoked(notificationID: 7, action: "called")), at: clicked))
        #expect(journal.append(.shown(deliveryID: 3, notificationID: 8), at: clicked))
        journal.recorded(1)

        let next = try AnswerJournal(storePath: store)
        #expect(next.pending().map(\.0) == [.event(.actionInvoked(notificationID: 7, action: "called")), .shown(deliveryID: 3, notificationID: 8)])

        journal.recorded(1)
        #expect(try AnswerJournal(storePath: store).pending().isEmpty)
    }

    @Test func entriesFoundOnStartAreEmptiedOnceReplayed() throws {
        let directory = TemporaryDirectory()
        let store = directory.file("nudge.sqlite")
        try "1795000000.000 action 1 snooze\nnot an entry\n1795000001.000 closed 1 dismissed\n"
            .write(toFile: store + ".answers", atomically: false, encoding: .utf8)
        let journal = try AnswerJournal(storePath: store)
        #expect(journal.pending().count == 2)
        journal.recorded(1)
        #expect(journal.pending().count == 2)
        journal.recorded(1)
        #expect(try String(contentsOfFile: store + ".answers", encoding: .utf8).isEmpty)
    }
}
