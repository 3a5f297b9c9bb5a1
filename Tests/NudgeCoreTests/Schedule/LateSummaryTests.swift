import Foundation
import NudgeCore
import NudgeTestSupport
import Testing

/// Which late occurrences make the summary of what came due while the computer was off, and how
/// it names them.
@Suite struct LateSummaryTests {
    let clock = WallClock(zone: .utc)
    let now = Timestamp.parse("2026-11-26T21:00:00Z")!
    let input = ScheduleInput(settings: Settings(), deliveries: [])

    func occurrence(_ kind: ReminderKind, _ key: String, _ due: String, _ title: String) -> Occurrence {
        Occurrence(kind: kind, key: key, dueAt: Timestamp.parse(due)!, title: title)
    }

    /// The title names the cause: Do Not Disturb when each was held and released; nudge
    /// stopped when the machine was up, without a sleep, since before the oldest was due and the
    /// daemon started after; the computer off otherwise.
    @Test func theTitleNamesWhyTheyAreLate() {
        let late = [
            occurrence(.symptom, "symptom:2026-11-26", "2026-11-26T20:00:00Z", "Daily symptom check"),
            occurrence(.call, "call:once:2", "2026-11-26T20:30:00Z", "Call Kim"),
        ]
        func record(_ key: String, held: Bool) -> DeliveryRecord {
            DeliveryRecord(
                id: 1, key: key, kind: .symptom, dueAt: now, heldAt: held ? now.addingTimeInterval(-3600) : nil,
                releasedAt: held ? now : nil)
        }
        func cause(held: [Bool], upSince: String?) -> LateCause {
            let deliveries = zip(late, held).map { record($0.key, held: $1) }
            return LateCause.of(
                late, input: ScheduleInput(settings: Settings(), deliveries: deliveries),
                machineUpSince: upSince.flatMap(Timestamp.parse), daemonStartedAt: now)
        }
        #expect(cause(held: [true, true], upSince: nil) == .doNotDisturb)
        #expect(cause(held: [true, false], upSince: nil) == .computerOff)
        #expect(cause(held: [false, false], upSince: "2026-11-26T19:00:00Z") == .nudgeStopped)
        #expect(
            cause(held: [true, false], upSince: "2026-11-26T20:10:00Z") == .computerOff, "booted after one was due")
        let content = LateSummary.content(
            of: late, now: now, input: input, clock: clock, text: .plain, cause: .doNotDisturb)
        #expect(content.title == "While Do Not Disturb was on")
        #expect(LateCause.nudgeStopped.title == "While nudge was stopped")
    }

    @Test func alarmsAndWhatIsOnTimeAreLeftOutAndOneAloneIsNotSummarized() {
        let alarm = occurrence(.dose2, "dose2:s:alarm:0", "2026-11-26T20:00:00Z", "Time for dose 2")
        let onTime = occurrence(.symptom, "symptom:2026-11-26", "2026-11-26T20:58:00Z", "Daily symptom check")
        let late = occurrence(.journal, "journal:x:reflect:1", "2026-11-26T10:00:00Z", "A moment to reflect")
        #expect(LateSummary.select([alarm, onTime, late], now: now, input: input).isEmpty)
        let older = occurrence(.call, "call:once:1", "2026-11-16T09:00:00Z", "Call Sam")
        #expect(LateSummary.select([alarm, onTime, late, older], now: now, input: input) == [older, late])
    }

    /// A locked screen (issue 41, hostile round): the private ones stay in the one summary,
    /// named neither by their text nor by their kind.
    @Test func onALockedScreenPrivateOnesStayInTheSummaryNamedNeutrally() {
        let late = [
            occurrence(.call, "call:once:1", "2026-11-16T09:00:00Z", "Call Sam"),
            occurrence(.journal, "journal:x:reflect:1", "2026-11-23T10:00:00Z", "A moment to reflect"),
            occurrence(.symptom, "symptom:2026-11-26", "2026-11-26T20:00:00Z", "Daily symptom check"),
        ]
        #expect(LateSummary.select(late.reversed(), now: now, input: input) == late)
        #expect(LateSummary.namesPrivate(late, input: input) && !LateSummary.namesPrivate([late[0]], input: input))
        let content = LateSummary.content(
            of: late, now: now, input: input, clock: clock, text: .plain, hidingPrivate: true)
        #expect(
            content.body.hasPrefix(
                "a call with someone due since 16 Nov, a private reminder due since Monday, a private reminder of 20:00."
            ), "\(content.body)")
        #expect(!content.body.contains("journal") && !content.body.contains("symptom"), "\(content.body)")
    }

    @Test func aPrivateKindIsNamedByItsKindAloneAndTheRestAreCounted() {
        let late = [
            occurrence(.call, "call:once:1", "2026-11-16T09:00:00Z", "Call Sam"),
            occurrence(.journal, "journal:x:reflect:1", "2026-11-23T10:00:00Z", "A moment to reflect"),
            occurrence(.symptom, "symptom:2026-11-26", "2026-11-26T20:00:00Z", "Daily symptom check"),
            occurrence(.call, "call:once:2", "2026-11-26T20:30:00Z", "Call Kim"),
        ]
        let content = LateSummary.content(of: late, now: now, input: input, clock: clock, text: .plain)
        #expect(content.title == "While the computer was off")
        #expect(
            content.body.hasPrefix(
                "a call with someone due since 16 Nov, a journal reminder due since Monday, the symptom check of 20:00, 1 more."
            ), "\(content.body)")
        #expect(!content.body.contains("reflect") && content.answeredInTerminal && content.actions.isEmpty)
    }

    /// Two reflections due at one time are told apart by their session's day, and its time where
    /// two sessions share a day (issue 40, ninth round: both read "a journal reminder of
    /// 10:00"); nothing written is said.
    @Test(arguments: [
        (
            ["2026-11-19T18:00:00Z", "2026-11-25T18:00:00Z"], [7, 1],
            "a reflection on a session (Thursday 19 Nov) of 10:00, a reflection on a session (Wednesday 25 Nov) of 10:00. Each"
        ),
        (
            ["2026-11-25T09:00:00Z", "2026-11-25T18:00:00Z"], [1, 1],
            "a reflection on a session (Wednesday 25 Nov, 09:00) of 10:00, a reflection on a session (Wednesday 25 Nov, 18:00) of 10:00. Each"
        ),
    ])
    func twoReflectionsOfOneTimeNameTheirSessions(started: [String], daysAfter: [Int], body: String) {
        let sessions = zip(["a1", "b2"], started).map { id, start in
            TherapyJournalReminder.SessionFacts(id: id, startedAt: Timestamp.parse(start)!, hasMoodAfter: true)
        }
        let input = ScheduleInput(settings: Settings(), deliveries: [], journalSessions: sessions)
        let late = zip(sessions, daysAfter).map { session, days in
            occurrence(.journal, "journal:\(session.id):reflect:\(days)", "2026-11-26T10:00:00Z", "A moment to reflect")
        }
        let content = LateSummary.content(of: late, now: now, input: input, clock: clock, text: .plain)
        #expect(content.body.hasPrefix(body), "\(content.body)")
    }

    /// One person owed a cadence call and a one-off is one line, by the oldest (sixth round).
    @Test func onePersonOwedTwoCallsIsNamedOnce() {
        let calls = [(7, "Sam", 3), (8, "Kim", 4)].map { contact, name, identity in
            OneOffCall(
                id: Int64(identity), contactID: Int64(contact), identity: Int64(identity),
                contactIdentity: Int64(contact), name: name, dueAt: now, note: nil, settled: false)
        }
        let input = ScheduleInput(settings: Settings(), deliveries: [], oneOffCalls: calls)
        let late = [
            occurrence(.call, "call:7:cadence:2026-11-20", "2026-11-20T09:00:00Z", "Call Sam"),
            occurrence(.call, "call:7:once:3", "2026-11-26T09:00:00Z", "Call Sam"),
            occurrence(.call, "call:8:once:4", "2026-11-26T10:00:00Z", "Call Kim"),
        ]
        let content = LateSummary.content(of: late, now: now, input: input, clock: clock, text: .plain)
        #expect(
            content.body.hasPrefix("a call with Sam due since Friday, a call with Kim of 10:00. Each"),
            "\(content.body)")
    }
}
