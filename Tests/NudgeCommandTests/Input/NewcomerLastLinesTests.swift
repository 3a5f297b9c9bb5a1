import Foundation
import NudgeTestSupport
import Testing

/// The last lines a newcomer met with raw parser text or silence (issue 40, last round): each
/// refusal is one exact line naming what to type, exit 64, the store unchanged; and what can be
/// taken as typed is taken.
@Suite struct NewcomerLastLinesTests: CommandScenario {
    let directory = TemporaryDirectory()

    @Test(arguments: [
        (
            ["meds", "history", "3"],
            "nudge meds history takes '3' as --days; did you mean: nudge meds history --days 3 --store STORE"
        ),
        (
            ["meds", "took", "modafinil"],
            "nudge meds has no command 'took'; did you mean: nudge meds taken modafinil --store STORE"
        ),
        (
            ["ack", "-1", "taken"],
            "nudge ack takes a delivery id, a whole number from 1 as 'nudge history' lists them, and -1 is none: nudge ack ID ANSWER"
        ),
        (
            ["ack", "0", "taken"],
            "nudge ack takes a delivery id, a whole number from 1 as 'nudge history' lists them, and 0 is none: nudge ack ID ANSWER"
        ),
        (
            ["call", "Dad"],
            "nudge call has no command 'Dad'; a call is logged with: nudge call log CONTACT (no contact matches 'Dad'; nudge contacts list names them)"
        ),
        (["remind", "list"], "nudge remind adds a reminder; did you mean: nudge reminders --store STORE"),
        (
            ["reminders", "add", "Water", "--at", "21:00"],
            // Without a when the line would be refused typed back: how to say one instead.
            "nudge reminders lists, edits and deletes reminders; one is added with nudge remind; say when: give --every 3d, --daily, --on 2026-12-24, --in 2h, --weekly mon,thu or --monthly 1"
        ),
        (
            ["reminders", "add", "Water"],
            "nudge reminders lists, edits and deletes reminders; one is added with nudge remind; give --at, the local time of day: --at 18:00; or --in 2h for once, 2 hours from now"
        ),
        (
            ["settings", "set", "symptom.snooze_minutes", "5h"],
            "invalid value '5h' for symptom.snooze_minutes: expected a whole number from 5 to 240 minutes, as 5, 5 min or 1h"
        ),
        (
            ["remind", "Water", "--in", "0"],
            "--in 0 days is out of range; give 1 to 3650 days, or 0 with --at for a time today: --in 0 --at 18:00"
        ),
    ])
    func eachIsOneExactLine(arguments: [String], line: String) throws {
        try StoreQuery.create(store)
        let result = try InProcessNudge.expectRefusal(
            arguments, store: store, environment: environment, mentioning: "nudge")
        #expect(result.stderr == "nudge: \(line.replacing("STORE", with: store))\n")
    }

    /// What the refusals above offer is taken: `--in 0 --at` a time today, a minutes key in
    /// minutes with their unit, and `nudge reminders`.
    @Test func whatTheRefusalsOfferIsTaken() {
        let today = nudge("remind", "Water", "--in", "0", "--at", "21:00")
        #expect(today.status == 0 && today.stdout.contains("on 2026-11-22 at 21:00"), "\(today)")
        let minutes = nudge("settings", "set", "symptom.snooze_minutes", "5 min")
        #expect(minutes.status == 0 && minutes.stdout == "symptom.snooze_minutes = 5\n", "\(minutes)")
        let listed = nudge("reminders")
        #expect(listed.status == 0 && listed.stdout.contains("Water"), "\(listed)")
    }

    /// `call Mum` where Mum is a contact: the line that logs the call, with the store given.
    @Test func callWithANameIsTheCallLogged() throws {
        #expect(nudge("contacts", "add", "Mum").status == 0)
        let result = try InProcessNudge.expectRefusal(
            ["call", "Mum"], store: store, environment: environment, mentioning: "nudge")
        #expect(
            result.stderr
                == "nudge: nudge call has no command 'Mum'; a call is logged with nudge call log; did you mean: nudge call log Mum --store \(store)\n"
        )
        // A command a letter off is still that command's.
        try InProcessNudge.expectRefusal(
            ["call", "lgo", "Mum"], store: store, environment: environment,
            mentioning: "did you mean: nudge call log Mum")
    }

    /// A number of minutes with its unit, and a cadence in weeks, are taken as typed and said
    /// back as understood.
    @Test func minutesWithTheirUnitAndWeeksAreTaken() throws {
        for value in [["5", "min"], ["5min"], ["5 minutes"]] {
            let set = nudge(["settings", "set", "meds.repeat_minutes"] + value)
            #expect(set.status == 0 && set.stdout == "meds.repeat_minutes = 5\n", "\(value): \(set)")
        }
        #expect(nudge("settings", "get", "meds.repeat_minutes").stdout == "5\n")
        try expectRefusal(
            ["settings", "set", "meds.repeat_minutes", "5 hours"], mentioning: "for meds.repeat_minutes: expected")

        let added = nudge("contacts", "add", "Sam", "--every", "2w")
        #expect(added.status == 0 && added.stdout.contains("every 14 days"), "\(added)")
        let edited = nudge("contacts", "edit", "Sam", "--every", "3 weeks")
        #expect(edited.status == 0 && edited.stdout.contains("21 days"), "\(edited)")
        let cadence = try StoreQuery.rows(store, "SELECT stay_in_touch_days FROM contacts")
        #expect(cadence.map { $0["stay_in_touch_days"] } == ["21"])
        try expectRefusal(["contacts", "add", "Kim", "--every", "2h"], mentioning: "as 14, 14d, 2w or 2 weeks")
        // `30 days` in two words is --every's value, which is taken now: the line that adds it.
        try expectRefusal(
            ["contacts", "add", "Dr", "Who", "--every", "30", "days"],
            mentioning: "did you mean: nudge contacts add 'Dr Who' --every '30 days' --store \(store)\n")
    }

    /// `--dose 4.5g` is said back as typed, 4.5 g, wherever the dose is shown; DoseTap's row
    /// keeps its whole milligrams.
    @Test func aDoseInGramsIsShownInGrams() throws {
        let added = nudge("meds", "add", "xywav", "--dose", "4.5g", "--at", "22:00")
        #expect(added.stdout == "added xywav 4.5 g (liquid) at 22:00, daily\n", "\(added)")
        #expect(nudge("meds", "list").stdout == "xywav 4.5 g (liquid) at 22:00, daily\n")
        let taken = nudge("meds", "taken", "xywav", "--dose", "4.5 g")
        #expect(taken.status == 0 && taken.stdout.hasPrefix("xywav 4.5 g recorded as taken"), "\(taken)")
        let taken200 = nudge("meds", "taken", "modafinil", "--dose", "200mg")
        #expect(taken200.stdout.hasPrefix("modafinil 200 mg recorded as taken"), "\(taken200)")
        let rows = try StoreQuery.rows(store, "SELECT dose_mg, dose_unit FROM medication_events ORDER BY dose_mg")
        #expect(rows.map { [$0["dose_mg"], $0["dose_unit"]] } == [["200", "mg"], ["4500", "mg"]])
        let history = nudge("meds", "history", "--days", "1")
        #expect(history.stdout.contains("4.5 g"), "\(history)")
    }
}
