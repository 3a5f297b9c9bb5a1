import Foundation
import NudgeCore
import NudgeReports
import NudgeStore

/// `nudge meds taken NAME`: a medication taken, written into DoseTap's `medication_events` as
/// DoseTap writes it, its duplicate guard asking first.
public struct MedicationTaken {
    /// How far back an entry may be logged: DoseTap's lists are by session, a day or so.
    public static let backdating: TimeInterval = 7 * 86400

    /// What the entry records: a nil formulation is DoseTap's for the medication.
    typealias Medication = (id: String, milligrams: Int, formulation: String?)

    public var name: String
    public var custom: Bool
    public var dose: String?
    public var at: GivenInstant?
    public var confirmDuplicate: Bool

    public init(name: String, custom: Bool, dose: String?, at: GivenInstant?, confirmDuplicate: Bool) {
        (self.name, self.custom, self.dose, self.at, self.confirmDuplicate) = (
            TextInput.canonical(name), custom, dose, at, confirmDuplicate
        )
    }

    /// The medication's id, its dose in milligrams and its formulation: as given, else those of
    /// the medication taken by day under that name (`meds add`, which also stands for
    /// `--custom`), else DoseTap's usual dose and formulation (nil) of a medication it knows.
    func medication(among schedules: [MedicationSchedule]) throws(InputError) -> Medication {
        // As `meds add` and `edit` match a name: in any case, its words one space apart.
        let exact = schedules.first { MedicationName.same($0.medicationID, MedicationName.stored(name)) }
        // A name DoseTap knows, or one asked for as typed (--custom), is never another's start.
        let known = (try? MedicationName.resolve(name, custom: false)) != nil
        var scheduled = exact
        if scheduled == nil, !known, !custom { scheduled = try Self.begun(name, among: schedules) }
        let id: String
        if let scheduled {
            id = scheduled.medicationID
        } else {
            do { id = try MedicationName.resolve(name, custom: custom) } catch {
                // The line offered keeps what else was typed: without it, typed back, it recorded
                // the usual dose now (hostile round on issue 40 after A14).
                let rest =
                    (dose.map { ["--dose", $0] } ?? []) + (at.map { ["--at", $0.text] } ?? [])
                    + (confirmDuplicate ? ["--confirm-duplicate"] : [])
                throw Self.nearestOwn(name, among: schedules, keeping: rest) ?? error
            }
        }
        let formulation = scheduled?.formulation
        if let dose { return (id, try MedicationDose.parse(dose).milligrams, formulation) }
        guard let milligrams = scheduled?.doseMg ?? KnownMedication.named(id)?.defaultDoseMg else {
            throw InputError("\(id) has no usual dose; give the dose taken with --dose, such as --dose 100mg")
        }
        return (id, milligrams, formulation)
    }

    public func run(_ context: CommandContext) throws {
        // Checked before the store is opened: a refusal leaves even a new store's path untouched.
        if let dose { _ = try MedicationDose.parse(dose) }
        let when = try instant(context)
        let store = try context.openStore()
        let medication = try self.medication(in: store)
        let settings = try store.run { try $0.settings() }
        let milligrams =
            dose == nil
            ? try askedDoseMg(medication, at: when, settings: settings, store, context) : medication.milligrams
        let result = try store.run {
            try $0.recordMedicationTaken(
                medicationID: medication.id, doseMg: milligrams, formulation: medication.formulation, at: when,
                confirmedDuplicate: confirmDuplicate, settings: settings, clock: context.wallClock)
        }
        switch result {
        case .failure(let refusal):
            throw CommandFailure(refusal.description, exitCode: 64)
        case .success(let event):
            let again = event.confirmedDuplicate ? " (a confirmed second entry)" : ""
            context.print(
                "\(event.medicationID) \(MedicationDose.text(event.doseMg)) recorded as taken \(context.when(when)) (session \(event.sessionDate))\(again)"
            )
        }
    }
}

extension MedicationTaken {
    /// Why `run` would refuse this line now, in its words, or nil: a suggested line is offered
    /// only when taken (issue 40: `carbonate --at '1h ago'` was offered, then refused for the
    /// name). Its duplicate guard is not asked: it asks first, and says how to record it.
    public func refusal(_ context: CommandContext) -> String? {
        do {
            if let dose { _ = try MedicationDose.parse(dose) }
            _ = try instant(context)
            _ = try medication(in: try context.openStoreForReading())
            return nil
        } catch {
            return (error as? CommandFailure)?.message ?? String(describing: error)
        }
    }

    /// Without `--dose`: the amount of the dose this entry takes, as its schedule asked it
    /// then (an edit since is for the doses after it), else the medication's amount.
    private func askedDoseMg(
        _ medication: Medication, at when: Date, settings: Settings, _ store: Store,
        _ context: CommandContext
    ) throws -> Int {
        let clock = context.wallClock
        let facts = try store.run {
            try $0.medicationRecords(
                since: clock.startOfDay(clock.date(of: when).adding(days: -2)), now: context.now, clock: clock)
        }
        return MedicationHistory.askedDoseMg(
            medication.id, takenAt: when, facts, now: context.now, repeatMinutes: settings.int(.medsRepeatMinutes),
            clock: clock) ?? medication.milligrams
    }

    private func instant(_ context: CommandContext) throws -> Date {
        guard let at else { return context.now }
        return try InstantInput.pastInstant(
            at, option: "--at", now: context.now, clock: context.wallClock, maximumAge: Self.backdating)
    }

    /// The medication's id, dose and formulation, as the store names it.
    private func medication(in store: Store) throws -> Medication {
        let schedules = try store.run { try $0.medicationSchedules() }
        guard
            let unreadable = try store.run({ try $0.unreadableMedicationSchedule(named: MedicationName.stored(name)) })
        else { return try medication(among: schedules) }
        // Its dose is not known: DoseTap's usual one may not be the person's.
        guard let dose else {
            throw CommandFailure("\(unreadable.description); meanwhile give the dose taken with --dose", exitCode: 64)
        }
        return (MedicationName.stored(name), try MedicationDose.parse(dose).milligrams, nil)
    }

    /// The one medication taken by day whose name begins with the words typed, in any case
    /// (`Lithium` for `Lithium carbonate 300`, never `Lith`); several are named, none chosen.
    static func begun(_ name: String, among schedules: [MedicationSchedule], verb: String = "taken")
        throws(InputError) -> MedicationSchedule?
    {
        let typed = MedicationName.folded(name)
        guard !typed.isEmpty else { return nil }
        let begun = schedules.filter { schedule in
            let stored = MedicationName.folded(schedule.medicationID)
            guard stored.hasPrefix(typed), let next = stored.dropFirst(typed.count).first else { return false }
            return !(next.isLetter || next.isNumber)
        }
        guard begun.count > 1 else { return begun.first }
        // No line is offered: it would steer to one of them, which may not be the one meant.
        let names = begun.map { ShellWord.quoted($0.medicationID) }
        throw InputError(
            "'\(TextInput.oneLine(name))' begins the names of \(names.dropLast().joined(separator: ", ")) and \(names.last!); give the whole name of the one you mean to nudge meds \(verb)"
        )
    }

    /// One's own medication a slip away from the name typed (`Melatonn`): named, since the
    /// refusal's other way out, --custom, would record a medication of its own and leave the
    /// dose reminded and then missed.
    static func nearestOwn(_ name: String, among schedules: [MedicationSchedule], keeping rest: [String] = [])
        -> InputError?
    {
        let typed = name.lowercased()
        let near = schedules.map(\.medicationID).map { ($0, EditDistance.between(typed, $0.lowercased())) }
            .filter { $0.1 <= max(1, min(3, typed.count / 4)) }.min { $0.1 < $1.1 }
        return near.map {
            InputError(
                "'\(TextInput.oneLine(name))' is none of your medications nor one DoseTap knows; did you mean: nudge meds taken \(([$0.0] + rest).map(ShellWord.quoted).joined(separator: " "))"
            )
        }
    }
}
