import Foundation

/// The dose tracker's current session (`current_session`, id 1), as far as the dose-2 window
/// depends on it.
public struct DoseSession: Sendable, Equatable {
    public var sessionID: String
    public var sessionDate: String
    public var dose1: Date
    public var dose2: Date?
    public var snoozeCount: Int
    /// When each snooze was recorded (`dose_events`), oldest first: the alarm is derived from
    /// them, so a restart, or a snooze recorded late, moves nothing.
    public var snoozedAt: [Date]
    public var skipped: Bool

    public init(
        sessionID: String, sessionDate: String, dose1: Date, dose2: Date? = nil, snoozeCount: Int = 0,
        snoozedAt: [Date] = [],
        skipped: Bool = false
    ) {
        self.snoozedAt = snoozedAt
        self.sessionID = sessionID
        self.sessionDate = sessionDate
        self.dose1 = dose1
        self.dose2 = dose2
        self.snoozeCount = snoozeCount
        self.skipped = skipped
    }

    /// Dose 2 taken or skipped: nothing more to remind.
    public var isCompleted: Bool { dose2 != nil || skipped }

    /// Why a second dose 1 the same night is refused (DoseTap: "Dose 1 already taken"), with
    /// the way on for a person who really starts another night.
    public func repeatedDose1Refusal(clock: WallClock) -> String {
        let night =
            if let dose2 { "dose 2 was taken tonight at \(clock.timeOfDay(dose2))" } else if skipped {
                "dose 2 was skipped tonight"
            } else { "dose 1 was taken tonight at \(clock.timeOfDay(dose1))" }
        return "\(night); a new night with: nudge dose 1 --new-session"
    }

    /// DoseTap's `sessionKey(for:timeZone:rolloverHour:)`: the local date, minus a day when the
    /// local hour is before the rollover hour (a dose 1 at 00:40 belongs to the evening before).
    public static func sessionDate(for instant: Date, clock: WallClock, rolloverHour: Int) -> CivilDate {
        let (date, seconds) = clock.local(instant)
        return seconds / 3600 < rolloverHour ? date.adding(days: -1) : date
    }
}
