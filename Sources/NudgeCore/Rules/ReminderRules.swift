/// Every kind of reminder nudge keeps, for what names them all at once: the settings contract
/// (`SettingKey.allCases`), help text and history. What plans, shows and answers is the store's
/// registry (`StoredRules.all` in NudgeStore), carried in each ``ScheduleInput``; a test holds
/// the two to the same kinds.
public enum ReminderRules {
    public static let all: [any ReminderRule] = [
        SymptomReminder(), DoseReminder(), CallReminder(), MeditationTimer(), TherapyJournalReminder(), TestAlarm(),
        MedicationReminder(), OwnReminder(),
    ]

    private static let byKind: [ReminderKind: any ReminderRule] = Dictionary(
        uniqueKeysWithValues: all.map { ($0.kind, $0) })

    public static func rule(for kind: ReminderKind) -> (any ReminderRule)? { byKind[kind] }
}
