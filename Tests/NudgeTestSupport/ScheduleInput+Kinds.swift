import Foundation
import NudgeCore

/// The schedule input of the three first kinds by name, so planning tests read as the cases
/// they are.
extension ScheduleInput {
    public init(
        settings: Settings, deliveries: [DeliveryRecord], doseSession: DoseSession? = nil,
        contacts: [ContactCadence] = [],
        oneOffCalls: [OneOffCall] = [], storeCreatedAt: Date? = nil
    ) {
        self.init(
            settings: settings, deliveries: deliveries,
            facts: [
                .dose2: DoseReminder.Facts(session: doseSession),
                .call: CallReminder.Facts(contacts: contacts, oneOffCalls: oneOffCalls),
            ],
            storeCreatedAt: storeCreatedAt)
    }

    public var contacts: [ContactCadence] { (facts[.call] as? CallReminder.Facts)?.contacts ?? [] }
}
