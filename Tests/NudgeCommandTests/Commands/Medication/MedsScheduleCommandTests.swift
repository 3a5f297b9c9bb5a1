import Foundation
import NudgeTestSupport
import Testing

/// `nudge meds add`, `list`, `edit` and `remove`: the medications taken by day, kept in nudge's
/// own `medication_schedules`, and every bad value refused in one line with the store unchanged.
@Suite struct MedsScheduleCommandTests: CommandScenario {
    let directory = TemporaryDirectory()

    func listed() throws -> [[String: Any]] {
        let result = nudge("meds", "list", "--json")
        #expect(result.status == 0, "\(result)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    }

    @Test func aMedicationIsAddedListedChangedAndRemoved() throws {
        let added = nudge("meds", "add", "Adderall XR", "--dose", "20mg", "--at", "14:00,8am", "--days", "mon-fri")
        #expect(added.status == 0 && added.stdout.contains("adderall_xr 20 mg (xr)"), "\(added)")
        #expect(nudge("meds", "add", "ibuprofen", "--custom", "--dose", "0.4g", "--at", "21:00").status == 0)

        var list = try listed()
        #expect(list.map { $0["medication"] as? String } == ["adderall_xr", "ibuprofen"])
        #expect(list.map { $0["times"] as? [String] } == [["08:00", "14:00"], ["21:00"]])
        #expect(list.map { $0["days"] as? String } == ["mon,tue,wed,thu,fri", "daily"])
        #expect(list.map { $0["dose_mg"] as? Int } == [20, 400])
        #expect(list.map { $0["formulation"] as? String } == ["xr", "ir"], "DoseTap's for what it knows, else ir")

        #expect(nudge("meds", "edit", "adderall_xr", "--days", "sat-mon", "--dose", "25mg").status == 0)
        list = try listed()
        #expect(list.first?["days"] as? String == "mon,sat,sun" && list.first?["dose_mg"] as? Int == 25)
        #expect(list.first?["times"] as? [String] == ["08:00", "14:00"], "what was not given is kept")

        let removed = nudge("meds", "remove", "ibuprofen")
        #expect(removed.status == 0, "\(removed)")
        #expect(try listed().map { $0["medication"] as? String } == ["adderall_xr"])
        let stored = try StoreQuery.rows(store, "SELECT times, days FROM medication_schedules")
        #expect(stored == [["times": "08:00,14:00", "days": "mon,sat,sun"]])
    }

    @Test(arguments: [
        (["meds", "add", "modafinil", "--dose", "100", "--at", "08:00"], "with its unit"),
        (["meds", "add", "modafinil", "--dose", "0mg", "--at", "08:00"], "positive"),
        (["meds", "add", "modafinil", "--dose", "100mg", "--at", "25:00"], "not a time of day"),
        (["meds", "add", "modafinil", "--dose", "100mg", "--at", "08:00,08:00"], "twice"),
        (["meds", "add", "modafinil", "--dose", "100mg", "--at", "08:00", "--days", "mon-mon"], "to itself"),
        (["meds", "add", "modafinil", "--dose", "100mg", "--at", "08:00", "--days", "funday"], "not a weekday"),
        (["meds", "add", "modafinil", "--dose", "100mg", "--at", "08:00", "--formulation", "sr"], "ir, xr or liquid"),
        (["meds", "add", "ibuprofen", "--dose", "100mg", "--at", "08:00"], "--custom"),
        (["meds", "edit", "modafinil", "--dose", "100mg"], "no medication taken by day"),
        (["meds", "edit", "modafinil"], "nothing to change"),
        (["meds", "remove", "modafinil"], "no medication taken by day"),
    ])
    func badInputIsRefusedInOneLine(_ arguments: [String], _ mentioning: String) throws {
        try expectRefusal(arguments, mentioning: mentioning)
    }

    /// An edit to what it already is changes nothing: no "changed", no schedule version, the
    /// reminders' since kept (hostile round of issue 42: a version row and "changed").
    @Test func anEditToWhatItIsChangesNothing() throws {
        #expect(nudge("meds", "add", "modafinil", "--dose", "100mg", "--at", "10:00").status == 0)
        let before = try StoreQuery.rows(store, "SELECT * FROM medication_schedules")
        let versions = try StoreQuery.rows(store, "SELECT * FROM medication_schedule_versions")
        let edited = nudge("meds", "edit", "modafinil", "--at", "10:00")
        #expect(edited.status == 0, "\(edited)")
        #expect(edited.stdout.hasPrefix("unchanged: modafinil 100 mg (ir) at 10:00, daily"), "\(edited)")
        #expect(try StoreQuery.rows(store, "SELECT * FROM medication_schedules") == before)
        #expect(try StoreQuery.rows(store, "SELECT * FROM medication_schedule_versions") == versions)
    }

    @Test func aSecondOfOneNameIsRefused() throws {
        #expect(nudge("meds", "add", "modafinil", "--dose", "100mg", "--at", "08:00").status == 0)
        try InProcessNudge.expectRefusal(
            ["meds", "add", "Modafinil", "--dose", "200mg", "--at", "09:00"], store: store,
            environment: environment, mentioning: "nudge meds edit modafinil")
    }

    /// A name of several words typed unquoted gets the line with it quoted and every value kept
    /// (a medication's dose is no private text), and that line is taken (newcomer, eighth round:
    /// `--dose TEXT` was offered); a second of that name names the edit with the name quoted.
    @Test func aNameOfSeveralWordsGetsALineThatIsTaken() throws {
        let refused = nudge("meds", "add", "vitamin", "d", "--dose", "2g", "--at", "09:00", "--custom")
        let line = "nudge meds add 'vitamin d' --dose 2g --at 09:00 --custom"
        #expect(refused.status == 64 && refused.stderr.contains(line), "\(refused)")
        #expect(nudge("meds", "add", "vitamin d", "--dose", "2g", "--at", "09:00", "--custom").status == 0)
        try InProcessNudge.expectRefusal(
            ["meds", "add", "vitamin d", "--dose", "1g", "--at", "10:00", "--custom"], store: store,
            environment: environment, mentioning: "change it with: nudge meds edit 'vitamin d'")
    }
}

/// A custom name is one medication in any case, as DoseTap folds its names (issue 40, ninth
/// round: `Lisinopril` and `lisinopril` made two schedules and two reminders, and `remove
/// LISINOPRIL` found neither).
extension MedsScheduleCommandTests {
    @Test func aCustomNameIsOneMedicationInAnyCase() throws {
        #expect(nudge("meds", "add", "Lisinopril", "--custom", "--dose", "10mg", "--at", "08:00").status == 0)
        let again = nudge("meds", "add", "lisinopril", "--custom", "--dose", "10mg", "--at", "09:00")
        #expect(again.status == 64 && again.stderr.contains("is already taken by day"), "\(again)")
        #expect(try listed().count == 1)
        #expect(nudge("meds", "edit", "LISINOPRIL", "--dose", "20mg").status == 0)
        #expect(try listed().first?["dose_mg"] as? Int == 20)
        #expect(nudge("meds", "remove", "LISINOPRIL").status == 0)
        #expect(try listed().isEmpty)
    }

    /// Spaces at a name's ends are no part of it (hostile round on issue 40 after A15 and D15:
    /// `'LITHIUM '` was a second medication beside `Lithium`, with its own reminders).
    @Test func spacesAtTheEndsMakeNoOtherMedication() throws {
        #expect(nudge("meds", "add", "Lithium", "--custom", "--dose", "300mg", "--at", "08:00").status == 0)
        let again = nudge("meds", "add", "LITHIUM ", "--custom", "--dose", "300mg", "--at", "20:00")
        #expect(again.status == 64 && again.stderr.contains("is already taken by day"), "\(again)")
        #expect(nudge("meds", "add", " Vit D", "--custom", "--dose", "5mg", "--at", "11:00").status == 0)
        #expect(
            try listed().map { $0["medication"] as? String }.sorted { ($0 ?? "") < ($1 ?? "") } == [
                "Lithium", "Vit D",
            ])
        #expect(nudge("meds", "edit", "Vit D ", "--dose", "10mg").status == 0)
    }
}
