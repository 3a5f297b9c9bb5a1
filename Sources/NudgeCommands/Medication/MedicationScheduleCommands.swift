import Foundation
import NudgeCore
import NudgeReports
import NudgeStore

/// `nudge meds add`, `list`, `edit` and `remove`: the medications taken by day, in nudge's own
/// `medication_schedules`.
public enum MedicationScheduleCommands {
    public static func add(
        name: String, custom: Bool, dose: String, formulation: String?, at: String, days: String?,
        _ context: CommandContext
    ) throws {
        let id = try MedicationName.resolve(name, custom: custom)
        let milligrams = try MedicationDose.parse(dose).milligrams
        let form = try formulation.map(MedicationSchedule.formulation) ?? KnownMedication.named(id)?.formulation ?? "ir"
        let times = try MedicationTimes.parse(at)
        let weekdays = try days.map(MedicationDays.parse) ?? .everyDay
        let store = try context.openStore()
        let result = try store.run {
            try $0.addMedicationSchedule(
                medicationID: id, doseMg: milligrams, formulation: form, times: times, days: weekdays,
                now: context.now)
        }
        context.print("added \(line(try refusedOr(result)))")
    }

    /// The values `add` (with the name to resolve) and `edit` read, checked as they read them
    /// before anything else: the parser refuses a line with one it would refuse, so that a
    /// suggested line is one that runs.
    public static func check(
        name: String?, custom: Bool, dose: String?, formulation: String?, at: String?, days: String?
    ) throws(InputError) {
        if let name { _ = try MedicationName.resolve(name, custom: custom) }
        if let dose { _ = try MedicationDose.parse(dose) }
        if let formulation { _ = try MedicationSchedule.formulation(formulation) }
        if let at { _ = try MedicationTimes.parse(at) }
        if let days { _ = try MedicationDays.parse(days) }
    }

    public static func edit(
        name: String, dose: String?, formulation: String?, at: String?, days: String?, _ context: CommandContext
    ) throws {
        guard dose != nil || formulation != nil || at != nil || days != nil else {
            throw CommandFailure(
                "nothing to change; give --dose, --formulation, --at or --days", exitCode: 64)
        }
        let milligrams = try dose.map { text throws(InputError) in try MedicationDose.parse(text).milligrams }
        let form = try formulation.map(MedicationSchedule.formulation)
        let times = try at.map(MedicationTimes.parse)
        let weekdays = try days.map(MedicationDays.parse)
        let store = try context.openStore()
        let id = try meant(name, verb: "edit", in: store)
        let result = try store.run {
            try $0.editMedicationSchedule(
                medicationID: id, doseMg: milligrams, formulation: form, times: times,
                days: weekdays, now: context.now)
        }
        let (schedule, changed) = try refusedOr(result)
        context.print(changed ? "changed \(line(schedule))" : "unchanged: \(line(schedule)) already")
    }

    public static func remove(name: String, _ context: CommandContext) throws {
        let store = try context.openStore()
        let id = try meant(name, verb: "remove", in: store)
        let result = try store.run {
            try $0.removeMedicationSchedule(medicationID: id, now: context.now, clock: context.wallClock)
        }
        switch result {
        case .failure(let refusal): throw CommandFailure(refusal.description, exitCode: 64)
        case .success(let (stored, ended)):
            // A dose on screen unanswered is not taken: said, as the history will list it.
            let missed = ended.map { "the dose of \($0.date) at \(context.wallClock.text($0.time)) recorded missed; " }
            context.print("removed \(stored); \(missed.joined())what was recorded of it stays")
        }
    }

    /// Why `meds VERB NAME` would be refused now for naming no medication taken by day, or nil.
    public static func refusal(name: String, verb: String, _ context: CommandContext) -> String? {
        FoundBeforeOffered.refusal(context) { store in
            let id = try meant(name, verb: verb, in: store).lowercased()
            guard
                try store.run({ try $0.medicationSchedules() }).contains(where: { $0.medicationID.lowercased() == id })
            else {
                throw CommandFailure("no medication taken by day is named \(name); nudge meds list shows them")
            }
        }
    }

    /// The medication taken by day `name` means: the one of that name in any case, else the one
    /// whose name begins with its words, as `meds taken` finds it (`Lithium` for `Lithium
    /// carbonate 300`: hostile round 12 of issue 40 found remove and edit refusing it).
    static func meant(_ name: String, verb: String, in store: Store) throws -> String {
        let id = MedicationName.stored(name)
        let schedules = try store.run { try $0.medicationSchedules() }
        // Another program's id with runs of spaces is the one typed single-spaced (M3).
        if let stored = schedules.first(where: { MedicationName.same($0.medicationID, id) }) {
            return stored.medicationID
        }
        do {
            return try MedicationTaken.begun(name, among: schedules, verb: verb)?.medicationID ?? id
        } catch {
            throw CommandFailure(error.description, exitCode: 64)
        }
    }

    struct ListedSchedule: Encodable {
        var medication: String
        var doseMg: Int
        var formulation: String
        var times: [String]
        var days: String
    }

    public static func list(json: Bool, _ context: CommandContext) throws {
        let store = try context.openStoreForReading()
        let schedules = try store.run { try $0.medicationSchedules() }
        try UndatedMedicationNote.write(store, context)
        if json {
            try context.printJSON(
                schedules.map {
                    ListedSchedule(
                        medication: $0.medicationID, doseMg: $0.doseMg, formulation: $0.formulation,
                        times: $0.times.times.map(\.description), days: $0.days.description)
                })
        } else if schedules.isEmpty {
            context.printWrapped(
                "no medications taken by day; add one with: nudge meds add NAME --dose 100mg --at 08:00")
        } else {
            // Wrapped between words to the width: a long list of days never runs off a narrow terminal.
            for schedule in schedules { context.printWrapped(line(schedule)) }
        }
    }

    /// `modafinil 200 mg (ir) at 08:00,14:00, mon,tue,wed,thu,fri`.
    static func line(_ schedule: MedicationSchedule) -> String {
        "\(schedule.medicationID) \(MedicationDose.text(schedule.doseMg)) (\(schedule.formulation)) at \(schedule.times), \(schedule.days)"
    }

    private static func refusedOr<Success>(_ result: Result<Success, InputError>) throws -> Success {
        switch result {
        case .failure(let refusal): throw CommandFailure(refusal.description, exitCode: 64)
        case .success(let success): return success
        }
    }
}
