import Foundation
import NudgeCore
import NudgeTestSupport
import Testing

/// The meditation rule: which bells, when the end and the practice reminder are due, what a
/// sleep does, and what is written when shown or missed.
@Suite struct MeditationTimerTests {
    let clock = WallClock(zone: ZoneRules.system("Europe/Berlin"))
    let rule = MeditationTimer()
    let start = Timestamp.parse("2026-11-22T18:00:00Z")!
    let boot = SleepReading(bootID: "boot-a", suspendedSeconds: 100, readAt: Timestamp.parse("2026-11-22T17:59:45Z")!)

    func session(minutes: Int = 15, interval: Int = 0, sleep: SleepReading? = nil) -> MeditationSession {
        MeditationSession(
            id: "s1", startedAt: start, utcOffsetMinutes: 60, plannedSeconds: minutes * 60,
            intervalSeconds: interval * 60,
            createdAt: start.addingTimeInterval(-15), sleepAtStart: sleep)
    }

    func input(_ sessions: [MeditationSession], settings: [String: String] = [:], sleep: SleepReading? = nil)
        -> RuleInput<MeditationTimer.Facts>
    {
        RuleInput(facts: .init(sessions: sessions), settings: Settings(rows: settings), clock: clock, sleep: sleep)
    }

    func generated(_ input: RuleInput<MeditationTimer.Facts>, days: ClosedRange<CivilDate>? = nil) -> [Occurrence] {
        let today = clock.date(of: start)
        let occurrences = rule.occurrences(days: days ?? today...today, in: input)
        return occurrences.dueAt.indices.map { occurrences[$0] }
    }

    func offsets(_ occurrences: [Occurrence]) -> [String] {
        occurrences.map {
            "\($0.key.split(separator: ":").dropFirst(2).joined(separator: ":"))@\(Int($0.dueAt.timeIntervalSince(start)))"
        }
    }

    @Test func theStartIntervalAndEndBellsAreDueAtTheirInstantsAndNoIntervalBellAtTheEnd() {
        #expect(
            offsets(generated(input([session(minutes: 15, interval: 5)]))) == [
                "start@0", "bell:1@300", "bell:2@600", "end@900",
            ])
        #expect(offsets(generated(input([session(minutes: 14, interval: 7)]))) == ["start@0", "bell:1@420", "end@840"])
        #expect(offsets(generated(input([session(minutes: 10)]))) == ["start@0", "end@600"])
    }

    @Test func aBellSetToNoneOrSoundOffIsNotDue() {
        let quiet = input(
            [session(interval: 5)], settings: ["meditation.start_bell": "none", "meditation.interval_bell": "none"])
        #expect(offsets(generated(quiet)) == ["end@900"])
        #expect(offsets(generated(input([session(interval: 5)], settings: ["sound.enabled": "false"]))) == ["end@900"])
    }

    @Test func bellsAreNotSoundedLateAndTheEndIsShownUpToFiveMinutesLateWithoutItsChime() throws {
        let running = input([session(interval: 5)])
        let occurrences = generated(running)
        let bell = try #require(occurrences.first { $0.key.hasSuffix(":bell:1") })
        #expect(
            rule.presentation(for: bell, now: bell.dueAt.addingTimeInterval(1), text: .plain, in: running)
                == .bell(sound: .meditationIntervalBell, title: "Interval bell"))
        #expect(rule.presentation(for: bell, now: bell.dueAt.addingTimeInterval(30), text: .plain, in: running) == nil)
        let end = try #require(occurrences.last)
        let onTime = try #require(rule.presentation(for: end, now: end.dueAt, text: .plain, in: running)?.notification)
        #expect(
            onTime.title == "Session complete" && onTime.body.hasPrefix("15 minutes of meditation.")
                && onTime.sound == .once(.meditationEndBell))
        #expect(rule.lateness(of: end, now: end.dueAt.addingTimeInterval(299), in: running) == .show)
        #expect(
            rule.presentation(for: end, now: end.dueAt.addingTimeInterval(299), text: .plain, in: running)?
                .notification?.sound == nil)
        #expect(rule.lateness(of: end, now: end.dueAt.addingTimeInterval(301), in: running) == .missed)
        // Seen or not, the end completes the session.
        #expect(
            rule.changesWhenMissed(key: end.key, dueAt: end.dueAt, at: end.dueAt) == [
                MeditationChange.completed(sessionID: "s1")
            ])
        #expect(rule.changesWhenShown(key: end.key, dueAt: end.dueAt, at: end.dueAt, clock: clock).count == 1)
        #expect(rule.changesWhenShown(key: bell.key, dueAt: bell.dueAt, at: bell.dueAt, clock: clock).isEmpty)
    }

    @Test func theEndNamesTodaysTotalWithTheSessionsBefore() throws {
        let earlier = MeditationSession(
            id: "s0", startedAt: start.addingTimeInterval(-4 * 3600), utcOffsetMinutes: 60, plannedSeconds: 600,
            endedAt: start.addingTimeInterval(-4 * 3600 + 600), actualSeconds: 600, outcome: .completed,
            createdAt: start)
        let running = input([earlier, session()])
        let end = try #require(generated(running).last)
        #expect(
            rule.presentation(for: end, now: end.dueAt, text: .plain, in: running)?.notification?.body
                == "15 minutes of meditation. Today: 25 minutes in 2 sessions.")
    }

    /// Ten minutes in, the machine sleeps for an hour: on the wake the session ends where it
    /// slept, and no bell due during the sleep is due any more.
    @Test func aSleepDuringTheSessionEndsItThereAndNoBellIsDue() throws {
        let woke = SleepReading(
            bootID: "boot-a", suspendedSeconds: 100 + 3600, readAt: start.addingTimeInterval(600 + 3600))
        let slept = input([session(minutes: 20, interval: 5, sleep: boot)], sleep: woke)
        let occurrences = generated(slept)
        #expect(offsets(occurrences) == ["interrupted@600"])
        let interrupted = try #require(occurrences.first)
        #expect(rule.lateness(of: interrupted, now: woke.readAt, in: slept) == .show)
        let content = try #require(
            rule.presentation(for: interrupted, now: woke.readAt, text: .plain, in: slept)?.notification)
        #expect(
            content.urgency == .low && content.sound == nil
                && content.body.contains("10 minutes recorded as interrupted"), "\(content.body)")
        #expect(
            rule.changesWhenShown(key: interrupted.key, dueAt: interrupted.dueAt, at: woke.readAt, clock: clock) == [
                MeditationChange.interrupted(sessionID: "s1", at: interrupted.dueAt)
            ])
        // Another boot's clock does not compare; a second of noise is not a sleep.
        let rebooted = SleepReading(bootID: "boot-b", suspendedSeconds: 0, readAt: woke.readAt)
        #expect(
            offsets(generated(input([session(minutes: 20, interval: 5, sleep: boot)], sleep: rebooted))).last
                == "end@1200")
        let noise = SleepReading(bootID: "boot-a", suspendedSeconds: 101, readAt: start.addingTimeInterval(60))
        #expect(offsets(generated(input([session(sleep: boot)], sleep: noise))) == ["start@0", "end@900"])
    }

    @Test func thePracticeReminderIsDueOnlyOnADayWithoutASession() throws {
        let settings = ["meditation.reminder_enabled": "true"]
        let today = clock.date(of: start)
        #expect(offsets(generated(input([], settings: settings))) == ["\(today)@0"])
        #expect(generated(input([])).isEmpty)
        #expect(generated(input([session()], settings: settings)).allSatisfy { !$0.key.contains("practice") })
        // Recorded at 02:00 the next night it counts for today (the day starts at 04:00).
        let lateNight = MeditationSession(
            id: "s2", startedAt: Timestamp.parse("2026-11-23T01:00:00Z")!, utcOffsetMinutes: 60, plannedSeconds: 600,
            endedAt: Timestamp.parse("2026-11-23T01:10:00Z")!, actualSeconds: 600, outcome: .completed, createdAt: start
        )
        #expect(
            offsets(generated(input([lateNight], settings: settings), days: today...today.adding(days: 1))) == [
                "\(today.adding(days: 1))@86400"
            ])
    }

    @Test func startingFromThePracticeReminderStartsTheDefaultSession() throws {
        let practice = DeliveryRecord(
            id: 1, key: "meditation:practice:2026-11-22", kind: .meditation, dueAt: start, shownAt: start)
        let settings = [
            "meditation.default_minutes": "20", "meditation.interval_minutes": "5",
            "meditation.start_delay_seconds": "10",
        ]
        let decided = rule.answer("start", to: practice, at: start, in: input([], settings: settings, sleep: boot))
        let change = MeditationChange.start(
            plannedSeconds: 1200, intervalSeconds: 300, delaySeconds: 10, at: start, utcOffsetMinutes: 60, sleep: boot,
            ambient: "none")
        #expect(decided == .record(AnswerEffects(changes: [change])))
        #expect(rule.answer("skip", to: practice, at: start, in: input([])) == .record(AnswerEffects()))
        guard case .refused(let why) = rule.answer("start", to: practice, at: start, in: input([session()])) else {
            Issue.record("a second session was started")
            return
        }
        #expect(why.description.contains("already running"))
    }
}
