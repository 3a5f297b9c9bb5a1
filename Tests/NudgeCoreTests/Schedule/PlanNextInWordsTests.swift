import Foundation
import NudgeTestSupport
import Testing

@testable import NudgeCore

/// The daemon's "next:" line in words: the rules' titles, the local time, the day when not today.
@Suite struct PlanNextInWordsTests {
    let clock = WallClock(zone: .system("America/New_York"))
    let now = Timestamp.parse("2026-11-21T15:49:30-05:00")!

    func plan(dueAt text: String?, titles: [String]) -> Plan {
        let due = text.flatMap(Timestamp.parse)
        var plan = Plan(due: [], missed: [], nextDue: due)
        plan.next = titles.enumerated().map {
            Occurrence(kind: .call, key: "call:\($0.offset):cadence:2026-11-21", dueAt: due!, title: $0.element)
        }
        return plan
    }

    @Test(arguments: [
        ("2026-11-21T20:00:00-05:00", ["Daily symptom check"], "Daily symptom check at 20:00"),
        ("2026-11-22T09:00:00-05:00", ["Call Sam", "Call Alex", "Call Kim"], "Call Sam and 2 more tomorrow at 09:00"),
        ("2026-11-24T09:00:00-05:00", ["Call Sam"], "Call Sam on Tuesday 2026-11-24 at 09:00"),
        ("2026-11-23T00:00:00-05:00", [], "a new plan on Monday 2026-11-23 at 00:00"),
    ])
    func saysWhatAndWhen(due: String, titles: [String], words: String) {
        #expect(plan(dueAt: due, titles: titles).nextInWords(now: now, clock: clock) == words)
    }

    @Test func nothingDueSaysNothing() {
        #expect(plan(dueAt: nil, titles: []).nextInWords(now: now, clock: clock) == nil)
    }

    /// On the fall-back night the time is said with its zone (issue 42, hostile round 29: the
    /// daemon's "next:" line said `01:30` where the clock reads it twice).
    @Test(arguments: [
        ("2026-11-01T01:30:00-04:00", "Night at 01:30 EDT"), ("2026-11-01T01:30:00-05:00", "Night at 01:30 EST"),
    ])
    func aTimeTheClockReadsTwiceNamesItsZone(due: String, words: String) {
        let now = Timestamp.parse("2026-11-01T00:45:00-04:00")!
        #expect(plan(dueAt: due, titles: ["Night"]).nextInWords(now: now, clock: clock) == words)
    }
}
