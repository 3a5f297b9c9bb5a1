import Foundation

extension CallReminder {
    /// Why an answer no longer applies: a call with the contact was logged since the reminder
    /// was shown (`nudge call log`). Called would log a second one; Remind me tomorrow would
    /// promise a reminder that call has settled, and that never comes. Nil while it applies.
    static func calledSinceShown(
        _ record: DeliveryRecord, key: Key, answer: String, now: Date, in input: RuleInput<Facts>
    ) -> InputError? {
        guard let shown = record.shownAt, let logged = lastCall(forKey: key, in: input.facts), logged >= shown
        else { return nil }
        let name = input.facts.name(forKey: record.key) ?? "the contact"
        let when = InstantInput.describe(logged, now: now, clock: input.clock)
        let consequence =
            answer == calledAction
            ? "Called would log a second one" : "that call settles it, so no reminder would come tomorrow"
        return InputError(
            "a call with \(name) was logged at \(when), since this reminder was shown; \(consequence), so nothing changed"
        )
    }

    /// Why a one-off no longer takes an answer: it is done (a call logged since it was due
    /// settled it, or it was cancelled), so Called would log a second call and the others
    /// would answer what is closed. Nil while it is open.
    static func doneRefusal(_ record: DeliveryRecord, reminderIdentity: Int64, in input: RuleInput<Facts>)
        -> InputError?
    {
        guard !input.facts.oneOffCalls.contains(where: { $0.identity == reminderIdentity }) else { return nil }
        return InputError(
            "\(record.title ?? "this call reminder") is done: a call logged since it was due settled it, or it was cancelled; nothing changed"
        )
    }

    /// The contact's latest call, as the facts know it.
    private static func lastCall(forKey key: Key, in facts: Facts) -> Date? {
        switch key.kind {
        case .cadence: facts.contacts.first { $0.identity == key.contactIdentity }?.lastCall
        case .once(let identity): facts.oneOffCalls.first { $0.identity == identity }?.lastCall
        }
    }
}
