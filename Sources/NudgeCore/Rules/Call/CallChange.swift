import Foundation

/// What a call answer or a shown call reminder writes in the Monica tables.
public enum CallChange: AppChange, Equatable {
    /// A call log row, as the Monica client adds one (not synced yet); refused when the contact is gone.
    case called(contactIdentity: Int64, at: Date)
    /// The one-off reminder is done.
    case oneOffClosed(reminderIdentity: Int64, at: Date)
    /// The cadence counts again from this day without a call (shown, or skipped this time).
    case cadenceRestarted(contactIdentity: Int64, on: CivilDate)
}
