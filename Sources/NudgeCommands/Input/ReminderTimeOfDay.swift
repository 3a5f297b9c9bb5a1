import Foundation
import NudgeCore
import NudgeReports

/// `--at` of a person's own reminder: a time of day, and the zone's name or offset typed after
/// it (`01:30 EST`, `01:30 -05:00`), which says which of a fall-back night's two readings of
/// that time is meant (``RepeatedHourReading``).
public struct ReminderTimeOfDay: Sendable, Equatable {
    public var time: LocalTime
    /// `EST`, `-0500`: as compared, upper case and without a colon; nil for none.
    public var zoneName: String?
    /// What was typed, for a refusal that repeats it.
    public var typed: String

    public init(time: LocalTime, zoneName: String?, typed: String) {
        (self.time, self.zoneName, self.typed) = (time, zoneName, typed)
    }

    /// The reading its zone's name picks on the reminder's fall-back night, as an offset from
    /// UTC in minutes; nil for none named. Refused (exit 64) where the name picks none, naming
    /// what it was read as and what to give instead.
    func reading(for reminder: OwnReminderSchedule, now: Date, clock: WallClock) throws -> Int? {
        guard let zoneName else { return nil }
        do throws(InputError) {
            return try RepeatedHourReading.chosen(
                calledBy: zoneName, typed: typed, for: reminder, today: clock.date(of: now), clock: clock)
        } catch {
            throw CommandFailure(error.description, exitCode: 64)
        }
    }
}
