import Foundation
import NudgeCore
import NudgeTestSupport
import Testing

@testable import NudgeStore

/// The journal's writes decide in their own transaction (issue 40, sixth round).
@Suite struct JournalStoreTests {
    let directory = TemporaryDirectory()
    let store: Store
    let now = Timestamp.parse("2026-11-21T08:00:00Z")!

    init() throws {
        store = try Store(path: directory.file("nudge.sqlite"))
    }

    /// A new start after a reflection is refused by the edit's own write, not only by the
    /// command's read before it: a reflection written between the two cannot slip past.
    @Test func aStartAfterAReflectionIsRefusedInTheWrite() throws {
        let adding = try store.addTherapySession(
            .init(), startedAt: now.addingTimeInterval(-86_400), type: .oral, now: now)
        guard case .added(let session) = adding else {
            Issue.record("not added: \(adding)")
            return
        }
        let written = now.addingTimeInterval(-3600)
        #expect(try store.addTherapyReflection(to: session.id, text: "private words", source: .command, at: written))
        let later = Store.TherapyFields(startedAt: now)
        #expect(try store.editTherapySession(id: session.id, later, now: now) == .afterReflections([written]))
        #expect(try store.therapySessions().first?.session.startedAt == session.startedAt)
        let earlier = Store.TherapyFields(startedAt: now.addingTimeInterval(-2 * 86_400))
        #expect(try store.editTherapySession(id: session.id, earlier, now: now) == .changed)
        #expect(try store.editTherapySession(id: "gone", earlier, now: now) == .gone)
    }

    /// A session in the minute of another is not added: the same fields are the add typed
    /// twice, others are another session to tell apart.
    @Test func aSessionInTheMinuteOfAnotherIsNotAdded() throws {
        let fields = Store.TherapyFields(dose: "100 mg", moodBefore: 4)
        let first = try store.addTherapySession(fields, startedAt: now, type: .oral, now: now)
        guard case .added(let session) = first else {
            Issue.record("not added: \(first)")
            return
        }
        let again = try store.addTherapySession(fields, startedAt: now.addingTimeInterval(30), type: .oral, now: now)
        #expect(again == .exists(session, identical: true))
        let other = try store.addTherapySession(.init(dose: "200 mg"), startedAt: now, type: .oral, now: now)
        #expect(other == .exists(session, identical: false))
        let nextMinute = try store.addTherapySession(
            fields, startedAt: now.addingTimeInterval(60), type: .oral, now: now)
        guard case .added = nextMinute else {
            Issue.record("not added: \(nextMinute)")
            return
        }
        #expect(try store.therapySessions().count == 2)
    }
}
