/// What an answer to a person's own reminder writes in its table: *Done* on an every-N-days
/// reminder counts its next N days from the day it was done.
public enum OwnReminderChange: AppChange {
    case countedFrom(id: Int64, day: CivilDate)
}
