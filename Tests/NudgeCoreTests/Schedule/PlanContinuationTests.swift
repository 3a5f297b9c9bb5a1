import Foundation
import NudgeTestSupport
import Testing

@testable import NudgeCore

/// The daemon shows at a due instant from the plan it made before, when the store did not
/// change: that must be exactly what a fresh plan at that instant would show.
@Suite struct PlanContinuationTests {
    let clock = WallClock(zone: .system("America/New_York"))
    let start = Timestamp.parse("2026-11-21T02:10:00Z")!

    /// A store of every kind at once: contacts whose cadences fall due together, one-offs, a
    /// "tomorrow" queued, a claim a crash interrupted, a dose session through its window.
    func input(contacts count: Int, seed: UInt64, settled: [DeliveryRecord] = []) -> ScheduleInput {
        var random = SeededRandom(seed: seed)
        let contacts = (1...count).map { index in
            ContactCadence(
                contactID: Int64(index), identity: Int64(index), name: "Contact \(index)",
                everyDays: [1, 2, 3, 7][Int(random.next() % 4)],
                createdAt: start.addingTimeInterval(-90 * 86400),
                lastCall: start.addingTimeInterval(-Double(random.next() % (3 * 86400))), restartedOn: nil)
        }
        let oneOffs = (1...5).map { index in
            OneOffCall(
                id: Int64(index), contactID: Int64(index), identity: Int64(index), contactIdentity: Int64(index),
                name: "Contact \(index)",
                dueAt: start.addingTimeInterval(Double(random.next() % (2 * 86400))), note: nil, settled: false)
        }
        let owed = [
            DeliveryRecord(
                id: 1_000, key: "call:2:once:2:tomorrow:1", kind: .call, dueAt: start.addingTimeInterval(3600)),
            DeliveryRecord(
                id: 1_001, key: "symptom:2026-11-21", kind: .symptom, dueAt: Timestamp.parse("2026-11-22T01:00:00Z")!),
        ].filter { owed in !settled.contains { $0.key == owed.key } }
        let session = DoseSession(sessionID: "S", sessionDate: "2026-11-20", dose1: start.addingTimeInterval(-100 * 60))
        return ScheduleInput(
            settings: Settings(), deliveries: owed + settled, doseSession: session, contacts: contacts,
            oneOffCalls: oneOffs,
            storeCreatedAt: start.addingTimeInterval(-86400))
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func atEachDueInstantTheHeldPlanShowsWhatAFreshPlanShows(seed: UInt64) throws {
        var settled: [DeliveryRecord] = []
        var now = start
        var steps = 0
        while steps < 40 {
            // What the daemon does at a wake: shows and settles what is due, plans again.
            var held = Schedule(input: input(contacts: 50, seed: seed, settled: settled), clock: clock).plan(now: now)
            for occurrence in held.due + held.missed {
                settled.append(
                    DeliveryRecord(
                        id: Int64(settled.count + 1), key: occurrence.key, kind: occurrence.kind,
                        dueAt: occurrence.dueAt, shownAt: now))
            }
            let schedule = Schedule(input: input(contacts: 50, seed: seed, settled: settled), clock: clock)
            held = schedule.plan(now: now)
            #expect(held.due.isEmpty)
            let nextDue = try #require(held.nextDue)
            #expect(held.next.allSatisfy { $0.dueAt == nextDue })
            #expect(schedule.plan(now: nextDue.addingTimeInterval(-0.001), continuing: held) == nil)
            if let following = held.following {
                #expect(following > nextDue)
                #expect(schedule.plan(now: following, continuing: held) == nil)
            }
            for lateBy in [0, 0.4, 45] as [TimeInterval] {
                let wake = nextDue.addingTimeInterval(lateBy)
                guard held.following.map({ wake < $0 }) ?? true else { continue }
                let continued = try #require(schedule.plan(now: wake, continuing: held))
                let fresh = schedule.plan(now: wake)
                #expect(continued.due == fresh.due, "at \(Timestamp.format(wake))")
                #expect(continued.missed == fresh.missed, "at \(Timestamp.format(wake))")
            }
            now = nextDue
            steps += 1
        }
        // The walk crossed the calls, the one-offs, the dose window and the diary prompt.
        let kinds = Set(settled.map(\.kind))
        #expect(kinds == [.call, .dose2, .symptom])
    }

    @Test func theNextDueSkipsGeneratedOccurrencesTheStoreAlreadySettled() {
        let schedule = Schedule(input: input(contacts: 3, seed: 9), clock: clock)
        let first = schedule.plan(now: start)
        let settled = first.next.enumerated().map { index, occurrence in
            DeliveryRecord(
                id: Int64(index + 1), key: occurrence.key, kind: occurrence.kind, dueAt: occurrence.dueAt,
                shownAt: start)
        }
        let after = Schedule(input: input(contacts: 3, seed: 9, settled: settled), clock: clock).plan(now: start)
        #expect(!after.next.isEmpty)
        #expect(after.nextDue! > first.nextDue!)
        #expect(Set(after.next.map(\.key)).isDisjoint(with: first.next.map(\.key)))
    }

    @Test func upcomingListsTheSoonestOfManyContactsInOrder() {
        let schedule = Schedule(input: input(contacts: 2_000, seed: 4), clock: clock)
        let listed = schedule.upcoming(from: start, limit: 25)
        #expect(listed.count == 25)
        #expect(listed.map(\.dueAt) == listed.map(\.dueAt).sorted())
        // The same as ordering every candidate: nothing sooner was left out.
        let everything = Candidates(
            of: schedule, days: clock.date(of: start).adding(days: -1)...clock.date(of: start).adding(days: 27)
        )
        .soonest(after: start, limit: .max)
        let due = schedule.plan(now: start).due
        #expect(listed == Array((due + everything).sortedByDue().prefix(25)))
    }
}
