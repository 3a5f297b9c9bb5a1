import Foundation
import NudgeCore
import NudgeTestSupport
import Testing

/// When the journal asks for the mood after and invites reflections, as tables; what its
/// notifications say (and do not say); its answers.
@Suite struct TherapyJournalReminderTests {
    let rule = TherapyJournalReminder()

    func input(
        _ sessions: [TherapyJournalReminder.SessionFacts], settings: [String: String] = [:],
        zone: String = "Europe/Berlin"
    ) -> RuleInput<TherapyJournalReminder.Facts> {
        RuleInput(
            facts: .init(sessions: sessions), settings: Settings(rows: settings), clock: WallClock(zone: .system(zone)))
    }

    /// Every occurrence over a year from the session's day, as `key-suffix local-date-time`.
    func schedule(_ input: RuleInput<TherapyJournalReminder.Facts>, from first: String) -> [String] {
        let start = CivilDate(iso: first)!
        let occurrences = rule.occurrences(days: start...start.adding(days: 400), in: input)
        return occurrences.dueAt.indices.map { index in
            let occurrence = occurrences[index]
            let local = input.clock.local(occurrence.dueAt)
            let suffix = occurrence.key.split(separator: ":").dropFirst(2).joined(separator: ":")
            return
                "\(suffix) \(local.date) \(LocalTime(hour: local.secondsOfDay / 3600, minute: local.secondsOfDay / 60 % 60)!)"
        }
    }

    func session(
        _ started: String, zone: String = "Europe/Berlin", mood: Bool = false, reflected: String? = nil,
        stopped: Bool = false
    )
        -> TherapyJournalReminder.SessionFacts
    {
        let clock = WallClock(zone: .system(zone))
        func instant(_ text: String) -> Date {
            clock.instant(on: CivilDate(iso: text.prefix(10))!, at: LocalTime(parsing: String(text.suffix(5)))!)!
        }
        return .init(
            id: "s1", startedAt: instant(started), hasMoodAfter: mood,
            reflections: reflected.map { [instant($0)] } ?? [], invitationsStopped: stopped)
    }

    @Test(arguments: [
        // A session the evening before the clocks go back: the mood four hours later, the
        // invitations at 10:00 local on both sides of the change.
        (
            "Europe/Berlin", "2026-10-24T18:00",
            [
                "mood 2026-10-24 22:00", "reflect:1 2026-10-25 10:00", "reflect:7 2026-10-31 10:00",
                "reflect:30 2026-11-23 10:00",
            ]
        ),
        // Across spring forward: 22:30 + 4 h is 03:30 the next day (one hour skipped).
        (
            "Europe/Berlin", "2026-03-28T22:30",
            [
                "mood 2026-03-29 03:30", "reflect:1 2026-03-29 10:00", "reflect:7 2026-04-04 10:00",
                "reflect:30 2026-04-27 10:00",
            ]
        ),
        (
            "America/New_York", "2026-11-01T00:30",
            [
                "mood 2026-11-01 03:30", "reflect:1 2026-11-02 10:00", "reflect:7 2026-11-08 10:00",
                "reflect:30 2026-12-01 10:00",
            ]
        ),
    ])
    func theMoodAndTheInvitationsFallOnLocalDaysAcrossDST(zone: String, started: String, expected: [String]) {
        #expect(
            schedule(input([session(started, zone: zone)], zone: zone), from: String(started.prefix(10))) == expected)
    }

    @Test func settingsMoveAndSilenceThem() {
        let evening = session("2026-11-22T18:00")
        #expect(
            schedule(input([evening], settings: ["journal.after_mood_delay_minutes": "0"]), from: "2026-11-22").first
                == "reflect:1 2026-11-23 10:00")
        #expect(
            schedule(
                input([evening], settings: ["journal.reflection_days": "2,3", "journal.reflection_time": "19:30"]),
                from: "2026-11-22")
                == ["mood 2026-11-22 22:00", "reflect:2 2026-11-24 19:30", "reflect:3 2026-11-25 19:30"])
        #expect(
            schedule(input([evening], settings: ["journal.reflection_days": ""]), from: "2026-11-22") == [
                "mood 2026-11-22 22:00"
            ])
        #expect(schedule(input([session("2026-11-22T18:00", mood: true, stopped: true)]), from: "2026-11-22").isEmpty)
    }

    /// An invitation is skipped when a reflection was written since the previous one (or since
    /// the session, for the first).
    @Test(arguments: [
        ("2026-11-22T21:00", ["reflect:7 2026-11-29 10:00", "reflect:30 2026-12-22 10:00"]),
        ("2026-11-23T12:00", ["reflect:1 2026-11-23 10:00", "reflect:30 2026-12-22 10:00"]),
        ("2026-12-01T09:00", ["reflect:1 2026-11-23 10:00", "reflect:7 2026-11-29 10:00"]),
    ])
    func anInvitationIsSkippedAfterAReflection(reflected: String, expected: [String]) {
        let reflectedSession = session("2026-11-22T18:00", mood: true, reflected: reflected)
        #expect(schedule(input([reflectedSession]), from: "2026-11-22") == expected)
    }

    @Test func theTextSaysOnlyThatThereWasASessionAndWhichDay() throws {
        let evening = session("2026-11-22T18:00")
        let occurrences = rule.occurrences(
            days: CivilDate(iso: "2026-11-22")!...CivilDate(iso: "2026-12-31")!, in: input([evening]))
        let mood = occurrences[0]
        let moodContent = try #require(
            rule.presentation(for: mood, now: mood.dueAt, text: .plain, in: input([evening]))?.notification)
        #expect(moodContent.title == "After your session")
        #expect(
            moodContent.body
                == "How is your mood after today's session, from 1 to 10? With: nudge journal edit s1 --mood-after N")
        let week = occurrences[2]
        let invitation = try #require(
            rule.presentation(for: week, now: week.dueAt, text: .plain, in: input([evening]))?.notification)
        #expect(invitation.body == "A moment to reflect on last Sunday's session? With: nudge journal reflect s1")
        #expect(invitation.actions.map(\.key) == ["write", "later", "stop"] && invitation.actions[0].needsTerminal)
        let month = occurrences[3]
        #expect(
            rule.presentation(for: month, now: month.dueAt, text: .plain, in: input([evening]))?.notification?.body
                .hasPrefix(
                    "A moment to reflect on the 22 November session?") == true)
        #expect(rule.lateness(of: week, now: week.dueAt.addingTimeInterval(12 * 3600), in: input([evening])) == .show)
        #expect(
            rule.lateness(of: week, now: week.dueAt.addingTimeInterval(12 * 3600 + 1), in: input([evening])) == .missed)
    }

    @Test func laterAsksOnceMoreTomorrowAndStopRecordsOnly() {
        let due = Timestamp.parse("2026-11-29T09:00:00Z")!
        let shown = DeliveryRecord(id: 1, key: "journal:s1:reflect:7", kind: .journal, dueAt: due, shownAt: due)
        let later = rule.answer(
            "later", to: shown, at: due.addingTimeInterval(60), in: input([session("2026-11-22T18:00")]))
        let followUp = AnswerFollowUp(
            kind: .journal, keyPrefix: "journal:s1:reflect:7:later:", dueAt: due.addingTimeInterval(86400),
            title: "A moment to reflect")
        #expect(later == .record(AnswerEffects(followUp: followUp)))
        #expect(rule.answer("stop", to: shown, at: due, in: input([])) == .record(AnswerEffects()))
        // Shown at 10:00 the day before the clocks go back: tomorrow's 10:00 is 25 hours on.
        let beforeChange = Timestamp.parse("2026-10-24T08:00:00Z")!
        let shownThen = DeliveryRecord(
            id: 2, key: "journal:s1:reflect:1", kind: .journal, dueAt: beforeChange, shownAt: beforeChange)
        guard
            case .record(let effects) = rule.answer(
                "later", to: shownThen, at: beforeChange, in: input([session("2026-10-23T18:00")]))
        else {
            Issue.record("not recorded")
            return
        }
        #expect(effects.followUp?.dueAt == Timestamp.parse("2026-10-25T09:00:00Z"))
        #expect(
            !rule.isCurrent(
                key: "journal:s1:reflect:7:later:1", in: input([session("2026-11-22T18:00", stopped: true)])))
    }

    @Test(arguments: ["7,1", "1,1", "0", "366", "1,2,3,4,5,6,7,8,9,10,11", "a", "1,,2", "1, 7 ,30"])
    func reflectionDaysAreAscendingDistinctAndFew(value: String) {
        let canonical = SettingKey.journalReflectionDays.valueKind.canonical(value)
        #expect(canonical == (value == "1, 7 ,30" ? "1,7,30" : nil), "\(value)")
    }

    /// Typed into the notification: a mood sets it; anything else is kept as a reflection and
    /// the mood asked once more, once; a reply to an invitation is a reflection. Nothing typed
    /// is lost: control characters become spaces, and text over 20,000 characters continues in
    /// a second reflection.
    @Test func repliesAreMoodsOrReflectionsAndNothingTypedIsLost() {
        let now = Timestamp.parse("2026-11-22T22:00:00Z")!
        func record(_ key: String) -> DeliveryRecord {
            DeliveryRecord(id: 1, key: key, kind: .journal, dueAt: now, shownAt: now)
        }
        let facts = input([session("2026-11-22T18:00")])
        #expect(
            rule.reply(" 7\n", to: record("journal:s1:mood"), at: now, in: facts)
                == .record(AnswerEffects(changes: [TherapyJournalChange.moodAfter(sessionID: "s1", mood: 7, at: now)])))
        let words = rule.reply("calm\u{1B}[1m", to: record("journal:s1:mood"), at: now, in: facts)
        #expect(
            words
                == .record(
                    AnswerEffects(
                        changes: [
                            TherapyJournalChange.reflection(sessionID: "s1", text: "calm [1m", source: .reply, at: now)
                        ],
                        followUp: .init(
                            kind: .journal, keyPrefix: "journal:s1:mood:again:", dueAt: now, title: "After your session"
                        ))))
        #expect(
            rule.reply("11", to: record("journal:s1:mood:again:1"), at: now, in: facts)
                == .record(
                    AnswerEffects(changes: [
                        TherapyJournalChange.reflection(sessionID: "s1", text: "11", source: .reply, at: now)
                    ])))
        let long = String(repeating: "a", count: 25_000)
        guard case .record(let effects) = rule.reply(long, to: record("journal:s1:reflect:7"), at: now, in: facts)
        else {
            Issue.record("not recorded")
            return
        }
        #expect(effects.followUp == nil && effects.changes.count == 2)
        guard case .refused = rule.reply(" \n ", to: record("journal:s1:reflect:7"), at: now, in: facts) else {
            Issue.record("an empty reply was recorded")
            return
        }
    }
}
