/// A therapy session is nobody else's business: neutral text on a locked screen.
extension TherapyJournalReminder: PrivateRule {}
