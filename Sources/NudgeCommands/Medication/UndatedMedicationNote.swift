import NudgeCore
import NudgeStore

/// One line on standard error for each medication taken by day whose row has no time nudge can
/// read (``UndatedMedicationSchedule``): what nudge makes of it, and how it gets one.
enum UndatedMedicationNote {
    static func write(_ store: Store, _ context: CommandContext) throws {
        for row in try store.run({ try $0.undatedMedicationSchedules() }) {
            let name = ShellWord.quoted(row.medicationID)
            context.environment.errors(
                "nudge: the row of \(TextInput.oneLine(row.medicationID)) in the medications taken by day (medication_schedules id \(row.id)) has no time nudge can read (updated_at, created_at): its doses count from today, and none before is listed missed; nudge meds remove \(name), then nudge meds add, gives it one\n"
            )
        }
    }
}
