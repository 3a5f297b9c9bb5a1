/// A medication the person takes by day (`nudge meds add`), in nudge's own
/// `medication_schedules`: its name (a DoseTap id, or the person's own with `--custom`), its
/// dose, formulation, times and weekdays.
public struct MedicationSchedule: Sendable, Equatable {
    public var id: Int64
    public var medicationID: String
    public var doseMg: Int
    public var formulation: String
    public var times: MedicationTimes
    public var days: MedicationDays

    public init(
        id: Int64, medicationID: String, doseMg: Int, formulation: String, times: MedicationTimes,
        days: MedicationDays
    ) {
        self.id = id
        self.medicationID = medicationID
        self.doseMg = doseMg
        self.formulation = formulation
        self.times = times
        self.days = days
    }

    /// `--formulation`: what DoseTap's column holds.
    public static func formulation(_ text: String) throws(InputError) -> String {
        let folded = text.lowercased()
        guard ["ir", "xr", "liquid"].contains(folded) else {
            throw InputError(
                "--formulation '\(TextInput.oneLine(text))' is not one DoseTap records; give ir, xr or liquid")
        }
        return folded
    }
}
