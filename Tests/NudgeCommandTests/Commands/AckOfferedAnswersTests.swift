import Foundation
import GRDB
import NudgeTestSupport
import Testing

/// A refused answer lists only the answers that would be recorded now, and a line offered for
/// words typed without quotes is one ack takes: at night, a list of answers each refused in
/// turn, or a suggestion refused when typed, sends a person round in circles.
@Suite struct AckOfferedAnswersTests: CommandScenario {
    let directory = TemporaryDirectory()

    /// Dose 1 at 17:00 (the window 19:30 to 21:00, now 20:00), its alarm shown as delivery 3,
    /// the window's opening as delivery 2; a call reminder for Sam shown as delivery 5.
    private func shownAlarmAndCall() throws {
        #expect(nudge("dose", "1", "--at", "17:00").status == 0)
        #expect(nudge("contacts", "add", "Sam", "--every", "7").status == 0)
        let database = try DatabaseQueue(path: store)
        defer { try? database.close() }
        try database.write { db in
            let session = try #require(try String.fetchOne(db, sql: "SELECT session_id FROM dose_events"))
            try db.execute(
                sql: """
                    INSERT INTO reminder_deliveries (id, reminder_key, kind, due_at, shown_at, title) VALUES
                        (2, 'dose2:' || ? || ':window_open', 'dose2', '2026-11-22T18:30:00Z', '2026-11-22T18:30:00Z',
                            'Dose 2 window is open'),
                        (3, 'dose2:' || ? || ':alarm:0', 'dose2', '2026-11-22T18:45:00Z', '2026-11-22T18:45:00Z',
                            'Time for dose 2');
                    INSERT INTO reminder_deliveries (id, reminder_key, kind, due_at, shown_at, title)
                        SELECT 5, 'call:' || identity || ':cadence:2026-11-22', 'call', '2026-11-22T08:00:00Z',
                            '2026-11-22T08:00:00Z', 'Call Sam'
                        FROM contact_identities JOIN contacts ON contacts.id = contact_id WHERE contacts.name = 'Sam';
                    """, arguments: [session, session])
        }
    }

    @Test func aWrongAnswerListsOnlyTheAnswersThatApplyNow() throws {
        try shownAlarmAndCall()
        try InProcessNudge.expectRefusal(
            ["ack", "3", "tkae"], store: store, environment: environment,
            mentioning:
                "'tkae' is not an answer to Time for dose 2 (delivery 3); give Take dose 2 (take), Skip dose 2 (skip) or Snooze 10 min (snooze)\n"
        )
        #expect(nudge("dose", "2").status == 0)
        // Dose 2 taken answered the alarm: what answered it, and when; no answer is offered.
        let answered = try InProcessNudge.expectRefusal(
            ["ack", "3", "tkae"], store: store, environment: environment,
            mentioning:
                "'tkae' is not an answer to Time for dose 2 (delivery 3), which was already answered Take dose 2 at 20:00 today, 2026-11-22 20:00 CET; nothing changed"
        )
        // The window's opening is not answered, and none of its answers applies any more.
        let none = try InProcessNudge.expectRefusal(
            ["ack", "2", "tkae"], store: store, environment: environment,
            mentioning:
                "'tkae' is not an answer to Dose 2 window is open (delivery 2), and none of its answers applies now: dose 2 is already taken in this session"
        )
        for refusal in [answered, none] { #expect(!refusal.stderr.contains("give Take"), "\(refusal)") }
    }

    /// The id comes first, as a number: the order is said, and the line meant where it is plain
    /// (`#3` is 3) and ack takes it; where ack would refuse it, why.
    @Test(arguments: [
        (["ack", "take", "3"], "did you mean: nudge ack 3 take --store"),
        (["ack", "#3", "take"], "did you mean: nudge ack 3 take --store"),
        (["ack", "done", "done"], "ID ANSWER ('nudge history' lists the ids)\n"),
        (["ack", "skip", "9"], "would be refused: there is no delivery 9"),
    ])
    func theOrderIsSaid(typed: [String], ending: String) throws {
        try shownAlarmAndCall()
        let refused = try InProcessNudge.expectRefusal(
            typed, store: store, environment: environment,
            mentioning: "nudge: nudge ack takes a delivery id, then the answer: nudge ack ID ANSWER")
        #expect(refused.stderr.contains(ending), "\(refused)")
    }

    /// Each typed line, and whether a line is offered for it: an answer of several words the
    /// delivery takes now, a command word one letter off; never an answer it does not offer, a
    /// delivery that is not there, or "I'm awake" with no alarm ringing.
    @Test(arguments: [
        (["ack", "5", "remind", "me", "tomorrow"], true),
        (["ack", "3", "snooze", "10", "min"], true),
        (["ack", "3", "take", "dose", "2"], true),
        (["ak", "3", "take"], true),
        (["ack", "take", "3"], true),
        (["ack", "#3", "take"], true),
        (["ack", "skip", "9"], false),
        (["ack", "5", "remind", "me", "later"], false),
        (["ack", "3", "snooze", "it"], false),
        (["ack", "9", "remind", "me", "tomorrow"], false),
        (["ack", "3", "im", "awake"], false),
    ])
    func everyLineOfferedIsTaken(typed: [String], offered: Bool) throws {
        try shownAlarmAndCall()
        let refused = try InProcessNudge.expectRefusal(
            typed, store: store, environment: environment, mentioning: "nudge")
        let line = refused.stderr.split(separator: "did you mean: ").dropFirst().first.map { String($0.dropLast()) }
        #expect((line != nil) == offered, "\(typed): \(refused.stderr)")
        guard let line else { return }
        let words = try #require(try WholeLineSuggestionTests.shellWords([line]).first)
        #expect(words.suffix(2) == ["--store", store], "\(line)")
        let taken = nudge(Array(words.dropFirst().dropLast(2)))
        #expect(taken.status == 0 && taken.stdout.hasPrefix("answered "), "\(line): \(taken)")
    }
}
