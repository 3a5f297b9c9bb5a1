import Foundation
import NudgeCore

/// The schedule input of the kinds a test chooses, each with its facts by name, so planning
/// tests read as the cases they are and plan nothing of another kind (one added later
/// included). Kinds not given facts get empty ones.
extension ScheduleInput {
    /// The kinds a test may choose, in nudge's order.
    public static let everyKind: [ReminderKind] = [
        .symptom, .dose2, .call, .meditation, .journal, .alarmTest, .medication, .ownReminder,
    ]

    public init(
        settings: Settings, deliveries: [DeliveryRecord], of kinds: [ReminderKind] = everyKind,
        doseSession: DoseSession? = nil, contacts: [ContactCadence] = [], oneOffCalls: [OneOffCall] = [],
        meditationSessions: [MeditationSession] = [], journalSessions: [TherapyJournalReminder.SessionFacts] = [],
        medications: MedicationReminder.Facts = .init(), ownReminders: OwnReminder.Facts = .init(),
        storeCreatedAt: Date? = nil
    ) {
        let withFacts: [any PlannedKind] = [
            KindInput(SymptomReminder(), facts: .init()),
            KindInput(DoseReminder(), facts: .init(session: doseSession)),
            KindInput(CallReminder(), facts: .init(contacts: contacts, oneOffCalls: oneOffCalls)),
            KindInput(MeditationTimer(), facts: .init(sessions: meditationSessions)),
            KindInput(TherapyJournalReminder(), facts: .init(sessions: journalSessions)),
            KindInput(TestAlarm(), facts: .init()),
            KindInput(MedicationReminder(), facts: medications),
            KindInput(OwnReminder(), facts: ownReminders),
        ]
        self.init(
            settings: settings, deliveries: deliveries, kinds: withFacts.filter { kinds.contains($0.kind) },
            storeCreatedAt: storeCreatedAt)
    }

    /// The contacts the call kind plans from; none without it.
    public var contacts: [ContactCadence] { (kind(.call) as? KindInput<CallReminder>)?.facts.contacts ?? [] }
}
