import Foundation

extension CallReminder {
    /// Why Called no longer applies: a call with the contact was logged since the reminder was
    /// shown (`nudge call log`), and answering it would log a second one. Nil while it applies.
    static func calledSinceShown(_ record: DeliveryRecord, key: Key, now: Date, in input: RuleInput<Facts>)
        -> InputError?
    {
        guard let shown = record.shownAt, let logged = lastCall(forKey: key, in: input.facts), logged >= shown
        else { return nil }
        let name = input.facts.name(forKey: record.key) ?? "the contact"
        let when = InstantInput.describe(logged, now: now, clock: input.clock)
        return InputError(
            "a call with \(name) was logged at \(when), since this reminder was shown; "
                + "Called would log a second one, so nothing changed")
    }

    /// The contact's latest call, as the facts know it.
    private static func lastCall(forKey key: Key, in facts: Facts) -> Date? {
        switch key.kind {
        case .cadence: facts.contacts.first { $0.identity == key.contactIdentity }?.lastCall
        case .once(let identity): facts.oneOffCalls.first { $0.identity == identity }?.lastCall
        }
    }
}
