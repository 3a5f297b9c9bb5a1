import Foundation
import GRDB
import NudgeTestSupport
import Testing

/// `nudge meds history` as the last hostile round read it (issue 40): rows another program
/// wrote that it cannot read are counted on stderr, not dropped without a word; a dose that is
/// no number is `unreadable`, never empty; a zone change leaves answered doses answered; and at
/// any width the times, doses and outcomes stay whole while the name gives way.
@Suite struct MedsHistoryReadingTests: CommandScenario {
    let directory = TemporaryDirectory()
    /// Wednesday 25 November 2026, 22:00 in New York.
    let environment = ["TZ": "America/New_York", "NUDGE_FAKE_NOW": "2026-11-25T22:00:00-05:00"]

    func at(_ instant: String, _ arguments: String...) {
        let result = InProcessNudge.run(
            arguments + ["--store", store], environment: environment.merging(["NUDGE_FAKE_NOW": instant]) { $1 })
        #expect(result.status == 0, "\(arguments): \(result)")
    }

    /// Modafinil at 08:00 and 14:00 and a long custom name at 09:00; the 08:00 taken on time,
    /// the fish oil late, 14:00 missed, an ibuprofen nobody scheduled.
    func seed() {
        at("2026-11-20T06:00:00-05:00", "meds", "add", "modafinil", "--dose", "200mg", "--at", "08:00,14:00")
        at(
            "2026-11-20T06:00:00-05:00", "meds", "add", "fish oil omega three", "--custom", "--dose", "1g", "--at",
            "09:00")
        at("2026-11-25T08:05:00-05:00", "meds", "taken", "modafinil")
        at("2026-11-25T10:40:00-05:00", "meds", "taken", "fish oil omega three")
        at("2026-11-25T21:40:00-05:00", "meds", "taken", "ibuprofen", "--custom", "--dose", "400mg")
    }

    func history(columns: Int, zone: String = "America/New_York", json: Bool = false, now: String? = nil)
        -> CommandResult
    {
        var changed = ["COLUMNS": String(columns), "TZ": zone]
        changed["NUDGE_FAKE_NOW"] = now
        return InProcessNudge.run(
            ["meds", "history", "--days", "1", "--store", store] + (json ? ["--json"] : []),
            environment: environment.merging(changed) { $1 })
    }

    @Test func unreadableRowsAreCountedAndAnUnreadableDoseIsSaidSo() throws {
        seed()
        try DatabaseQueue(path: store).write { db in
            try db.execute(
                sql: """
                    INSERT INTO medication_events (id, session_date, medication_id, dose_mg, taken_at_utc,
                        local_offset_minutes) VALUES
                        ('bad-time', '2026-11-25', 'modafinil', 200, 'yesterday', -300),
                        ('bad-number', '2026-11-25', 'modafinil', 200, 1764000000, -300),
                        ('bad-dose', '2026-11-25', 'ibuprofen', 'ten', '2026-11-25T20:00:00.000Z', -300)
                    """)
        }
        let listed = history(columns: 80)
        #expect(listed.status == 0, "\(listed)")
        #expect(
            listed.stderr
                == "nudge: 2 rows another program wrote cannot be read and are left out (medication_events id bad-time, medication_events id bad-number); the program that wrote them can correct them\n"
        )
        #expect(listed.stdout.contains("         ibuprofen             unreadable  taken at 15:00, not scheduled\n"))
    }

    /// A negative amount another program wrote is no dose (hostile round of issue 42: listed
    /// as `-5 mg`, taken), and an outcome whose time is not nudge's own `HH:MM` is no dose of
    /// any time (`8am` was read as 08:00, a skipped dose of a medication taken at 08:03 only).
    @Test func aNegativeDoseAndALooseOutcomeTimeAreUnreadable() throws {
        at("2026-11-20T06:00:00-05:00", "meds", "add", "sertraline", "--custom", "--dose", "50mg", "--at", "08:03")
        try DatabaseQueue(path: store).write { db in
            try db.execute(
                sql: """
                    INSERT INTO medication_events (id, session_date, medication_id, dose_mg, taken_at_utc,
                        local_offset_minutes) VALUES ('negative', '2026-11-25', 'ibuprofen', -5,
                        '2026-11-25T20:00:00.000Z', -300);
                    INSERT INTO medication_outcomes (medication_id, dose_date, dose_time, outcome, recorded_at)
                        VALUES ('sertraline', '2026-11-25', '8am', 'skipped', '2026-11-25T13:00:00Z');
                    """)
        }
        let listed = history(columns: 80)
        #expect(listed.status == 0, "\(listed)")
        #expect(!listed.stdout.contains("-5") && !listed.stdout.contains("08:00"), "\(listed)")
        #expect(listed.stdout.contains("         ibuprofen   unreadable  taken at 15:00, not scheduled\n"), "\(listed)")
        #expect(listed.stdout.contains("  08:03  sertraline  50 mg       missed\n"), "\(listed)")
        #expect(listed.stderr.contains("a row another program wrote cannot be read"), "\(listed)")
        #expect(listed.stderr.contains("(medication_outcomes id 1)"), "\(listed)")
    }

    /// On the spring-forward night a dose set for 02:15 was shown at 03:00: the history says
    /// so (hostile round of issue 42: `DUE 02:15`).
    @Test func aDoseTheClockSkippedIsListedWhenItWasDue() throws {
        let spring = ["NUDGE_FAKE_NOW": "2027-03-14T12:00:00-04:00"]
        let added = InProcessNudge.run(
            ["meds", "add", "modafinil", "--dose", "200mg", "--at", "02:15", "--store", store],
            environment: environment.merging(["NUDGE_FAKE_NOW": "2027-03-13T12:00:00-05:00"]) { $1 })
        #expect(added.status == 0, "\(added)")
        let listed = InProcessNudge.run(
            ["meds", "history", "--days", "1", "--store", store],
            environment: environment.merging(spring.merging(["COLUMNS": "80"]) { $1 }) { $1 })
        #expect(listed.status == 0, "\(listed)")
        #expect(
            listed.stdout.contains("  03:00 (02:15 skipped by the clock change)  modafinil   200 mg  missed\n"),
            "\(listed)")
    }

    /// The same doses read in New York and, after a move, in Berlin (at 17:55 in New York,
    /// 23:55 in Berlin: the 25th in both): the 08:05 entry is the 08:00 dose, taken on time, in
    /// both (by Berlin's clock it is 14:05, and was the 14:00 dose, with the 08:00 one missed).
    @Test(arguments: ["America/New_York", "Europe/Berlin"])
    func answeredDosesStayAnsweredAcrossAZoneChange(zone: String) throws {
        seed()
        let now = "2026-11-25T17:55:00-05:00"
        let listed = history(columns: 80, zone: zone, now: now)
        #expect(
            listed.stdout == """
                Wednesday 2026-11-25
                  DUE    MEDICATION            DOSE    OUTCOME
                  08:00  modafinil             200 mg  taken at 08:05
                  09:00  fish oil omega three  1 g     taken at 10:40, 1h 40m late
                  14:00  modafinil             200 mg  missed
                         ibuprofen             400 mg  taken at 21:40, not scheduled

                """, "\(listed)")
        let json = history(columns: 80, zone: zone, json: true, now: now)
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        // Due at 08:00 where it was taken: 13:00 UTC, whichever zone reads it.
        #expect(rows.first?["due_at"] as? String == "2026-11-25T13:00:00Z", "\(rows)")
        #expect(rows.map { $0["outcome"] as? String } == ["taken", "late", "missed", "unscheduled"])
    }

    /// At 40, 60 and 80 columns: no outcome, time or dose is cut; the long name wraps in its
    /// column first, and at 40 the outcome goes on a line of its own, whole.
    @Test(arguments: [
        (
            40,
            """
            Wednesday 2026-11-25
              DUE    MEDICATION            DOSE
                  OUTCOME
              08:00  modafinil             200 mg
                  taken at 08:05
              09:00  fish oil omega three  1 g
                  taken at 10:40, 1h 40m late
              14:00  modafinil             200 mg
                  missed
                     ibuprofen             400 mg
                  taken at 21:40, not scheduled

            """
        ),
        (
            60,
            """
            Wednesday 2026-11-25
              DUE    MEDICATION    DOSE    OUTCOME
              08:00  modafinil     200 mg  taken at 08:05
              09:00  fish oil      1 g     taken at 10:40, 1h 40m late
                     omega three
              14:00  modafinil     200 mg  missed
                     ibuprofen     400 mg  taken at 21:40, not scheduled

            """
        ),
        (
            80,
            """
            Wednesday 2026-11-25
              DUE    MEDICATION            DOSE    OUTCOME
              08:00  modafinil             200 mg  taken at 08:05
              09:00  fish oil omega three  1 g     taken at 10:40, 1h 40m late
              14:00  modafinil             200 mg  missed
                     ibuprofen             400 mg  taken at 21:40, not scheduled

            """
        ),
    ])
    func outcomesAndTimesAreNeverCut(columns: Int, expected: String) throws {
        seed()
        let listed = history(columns: columns)
        #expect(listed.stdout == expected, "\(listed)")
        #expect(listed.stdout.split(separator: "\n").allSatisfy { $0.count <= columns })
    }
}
