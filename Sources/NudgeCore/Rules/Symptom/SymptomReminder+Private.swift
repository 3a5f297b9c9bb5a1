/// The day's symptoms are nobody else's business: neutral text on a locked screen.
extension SymptomReminder: PrivateRule {}
