/// A medication is nobody else's business: neutral text on a locked screen.
extension DoseReminder: PrivateRule {}
