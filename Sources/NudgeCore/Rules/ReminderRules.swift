/// Every kind of reminder nudge keeps. The schedule, the store, the answer path and the daemon
/// iterate this list and name no kind; a new kind is one line here.
public enum ReminderRules {
    public static let all: [any ReminderRule] = [
        SymptomReminder(), DoseReminder(), CallReminder(), MeditationTimer(), TherapyJournalReminder(), TestAlarm(),
    ]

    private static let byKind: [ReminderKind: any ReminderRule] = Dictionary(
        uniqueKeysWithValues: all.map { ($0.kind, $0) })

    public static func rule(for kind: ReminderKind) -> (any ReminderRule)? { byKind[kind] }
}
