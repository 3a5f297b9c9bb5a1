import Foundation
import NudgeCore
import NudgeTestSupport
import Testing

@testable import NudgeStore

@Suite struct DeliveryTests {
    let directory = TemporaryDirectory()
    let store: Store
    let now = Timestamp.parse("2026-11-21T20:00:00Z")!
    let clock = WallClock(zone: .system("UTC"))
    let occurrence = Occurrence(
        kind: .symptom, key: "symptom:2026-11-21", dueAt: Timestamp.parse("2026-11-21T20:00:00Z")!,
        title: "Daily symptom check")
    let content = NotificationContent(
        title: "Daily symptom check", body: "body", actions: [], category: "x-nudge.symptom")

    init() throws {
        store = try Store(path: directory.file("nudge.sqlite"))
    }

    @Test func anOccurrenceIsClaimedOnceShownOnce() throws {
        let claimed = try #require(try store.claim(occurrence))
        // Claimed but not yet shown (a crash here): claiming again gives it back, to show again.
        #expect(try store.claim(occurrence)?.id == claimed.id)
        try store.markShown(claimed.id, notificationID: 7, content: content, at: now, clock: clock)
        #expect(try store.claim(occurrence) == nil)
        let shown = try #require(try store.delivery(notificationID: 7))
        #expect(shown.key == occurrence.key && shown.shownAt == now && shown.title == "Daily symptom check")
    }

    @Test func theFirstAnswerWinsAndSnoozesAreNumbered() throws {
        let claimed = try #require(try store.claim(occurrence))
        try store.markShown(claimed.id, notificationID: 1, content: content, at: now, clock: clock)
        let effects = AnswerEffects<NoChange>(
            followUp: .init(
                kind: .symptom, keyPrefix: "symptom:2026-11-21:snooze:", dueAt: now.addingTimeInterval(3600)))
        #expect(try store.recordAnswer(claimed.id, action: "snooze", at: now, effects: effects))
        #expect(try !store.recordAnswer(claimed.id, action: "snooze", at: now, effects: effects))
        let snooze = try #require(try store.delivery(key: "symptom:2026-11-21:snooze:1"))
        #expect(snooze.isOwed && snooze.dueAt == now.addingTimeInterval(3600))
        #expect(try store.delivery(key: "symptom:2026-11-21:snooze:2") == nil)
        #expect(try store.delivery(key: occurrence.key)?.action == "snooze")
    }

    @Test func doneCancelsThePendingSnooze() throws {
        let first = try #require(try store.claim(occurrence))
        try store.markShown(first.id, notificationID: 1, content: content, at: now, clock: clock)
        try store.recordAnswer(
            first.id, action: "snooze", at: now,
            effects: AnswerEffects(
                followUp: .init(
                    kind: .symptom, keyPrefix: "symptom:2026-11-21:snooze:", dueAt: now.addingTimeInterval(3600))))
        let later = Occurrence(
            kind: .symptom, key: "symptom:2026-11-22", dueAt: now.addingTimeInterval(86400), title: "x")
        let other = try #require(try store.claim(later))
        try store.recordAnswer(
            other.id, action: "done", at: now,
            effects: AnswerEffects(cancelOwedWithPrefix: "symptom:2026-11-21:snooze:"))
        #expect(try store.delivery(key: "symptom:2026-11-21:snooze:1")?.cancelledAt == now)
        let input = try store.scheduleInput(at: now, clock: WallClock(zone: .system("UTC")))
        #expect(input.deliveries.filter(\.isOwed).isEmpty)
    }

    @Test func missedNeverOverridesShown() throws {
        let claimed = try #require(try store.claim(occurrence))
        try store.markShown(claimed.id, notificationID: 3, content: content, at: now, clock: clock)
        let other = Occurrence(
            kind: .symptom, key: "symptom:2026-11-20", dueAt: now.addingTimeInterval(-86400), title: "x")
        try store.recordMissed([occurrence, other], at: now)
        #expect(try store.delivery(key: occurrence.key)?.missedAt == nil)
        #expect(try store.delivery(key: other.key)?.missedAt == now)
    }

    @Test func closedIsRecordedOnceWithItsReason() throws {
        let claimed = try #require(try store.claim(occurrence))
        try store.markShown(claimed.id, notificationID: 4, content: content, at: now, clock: clock)
        try store.recordClosed(notificationID: 4, reason: CloseReason(code: 2), at: now, reshowAfter: 1800)
        #expect(
            try !store.recordClosed(
                notificationID: 4, reason: CloseReason(code: 1), at: now.addingTimeInterval(5), reshowAfter: 1800))
        let record = try #require(try store.delivery(key: occurrence.key))
        #expect(record.closedReason == .dismissed && record.closedAt == now && !record.isOwed)
    }

    /// Expired unanswered is no answer (issue 38): owed again after the reshow delay, shown
    /// again as one more showing, three times at most, then missed.
    @Test func anExpiredNotificationIsOwedAgainThreeTimesThenMissed() throws {
        var content = content
        content.actions = [NotificationAction(key: "done", label: "Nothing else today")]
        let claimed = try #require(try store.claim(occurrence))
        try store.markShown(claimed.id, notificationID: 1, content: content, at: now, clock: clock)
        var instant = now
        for showing in 1...3 {
            instant = instant.addingTimeInterval(600)
            #expect(
                try store.recordClosed(
                    notificationID: UInt32(showing), reason: .expired, at: instant, reshowAfter: 1800))
            let owed = try #require(try store.delivery(key: occurrence.key))
            #expect(owed.isOwed && owed.owedAt == instant.addingTimeInterval(1800) && owed.closedReason == .expired)
            let input = try store.scheduleInput(at: instant, clock: clock)
            #expect(input.deliveries.contains { $0.key == occurrence.key && $0.isOwed })
            instant = instant.addingTimeInterval(1800)
            let again = try #require(try store.claim(occurrence), "owed again: claimed to be shown")
            try store.markShown(
                again.id, notificationID: UInt32(showing + 1), content: content, at: instant, clock: clock)
            let shown = try #require(try store.delivery(key: occurrence.key))
            #expect(shown.reshown == showing && shown.reshowAt == nil && shown.closedAt == nil && !shown.isOwed)
            #expect(try store.claim(occurrence) == nil, "shown again once")
        }
        #expect(
            try !store.recordClosed(
                notificationID: 4, reason: .expired, at: instant.addingTimeInterval(600), reshowAfter: 1800))
        let missed = try #require(try store.delivery(key: occurrence.key))
        #expect(missed.missedAt == instant.addingTimeInterval(600) && missed.reshowAt == nil && !missed.isOwed)
    }

    /// One that asks nothing ("Session complete") may expire: it is only closed.
    @Test func anExpiredNotificationThatAskedNothingIsOnlyClosed() throws {
        let claimed = try #require(try store.claim(occurrence))
        try store.markShown(claimed.id, notificationID: 1, content: content, at: now, clock: clock)
        #expect(try !store.recordClosed(notificationID: 1, reason: .expired, at: now, reshowAfter: 1800))
        let record = try #require(try store.delivery(key: occurrence.key))
        #expect(record.closedReason == .expired && record.reshowAt == nil && record.missedAt == nil && !record.isOwed)
    }

    @Test func symptomsOfALocalDayNewestFirst() throws {
        let clock = WallClock(zone: .system("America/New_York"))
        try store.addSymptom(
            name: "Headache", severity: 3, notes: nil, loggedAt: Timestamp.parse("2026-11-21T14:00:00Z")!, now: now)
        try store.addSymptom(
            name: "Nausea", severity: 2, notes: "after lunch", loggedAt: Timestamp.parse("2026-11-22T04:59:00Z")!,
            now: now)
        try store.addSymptom(
            name: "Tomorrow", severity: 1, notes: nil, loggedAt: Timestamp.parse("2026-11-22T05:00:00Z")!, now: now)
        let day = CivilDate(year: 2026, month: 11, day: 21)
        #expect(try store.symptoms(from: day, through: day, clock: clock).map(\.name) == ["Nausea", "Headache"])
        #expect(
            try store.symptoms(from: nil, through: nil, clock: clock).map(\.name) == ["Tomorrow", "Nausea", "Headache"])
        #expect(try store.symptoms(from: day.adding(days: 1), through: nil, clock: clock).map(\.name) == ["Tomorrow"])
    }
}
