import Foundation

/// A fall-back night reads an hour twice (New York's 1 November 2026: 01:30 EDT, then 01:30
/// EST). A reminder of that hour comes at the first, as every kind's, unless the person named
/// the other by its zone's name or offset (`--at '01:30 EST'`, `--at '01:30 -05:00'`). The
/// reading named is kept as its offset from UTC, which the zone's names do not change.
public enum RepeatedHourReading {
    /// How many days ahead a repeating reminder's fall-back night is looked for: every zone
    /// has its within a year.
    static let reach = 400

    /// The reading of `time` on `day` at `utcOffsetMinutes`, where the clock reads it twice.
    public static func named(_ utcOffsetMinutes: Int?, on day: CivilDate, at time: LocalTime, clock: WallClock)
        -> Date?
    {
        guard let minutes = utcOffsetMinutes else { return nil }
        return readings(on: day, at: time, clock: clock).first { offset($0, clock) == minutes * 60 }
    }

    /// The offset, in minutes east of UTC, of the reading of the reminder's time that `name`
    /// calls (`EST`, `UTC`, `-0500`) on the first of its nights from `today` on (its day, for
    /// a one-off); refused naming what was understood and what to give instead.
    public static func chosen(
        calledBy name: String, typed: String, for reminder: OwnReminderSchedule, today: CivilDate, clock: WallClock
    ) throws(InputError) -> Int {
        let time = clock.text(reminder.time)
        let at = "--at \(ShellWord.quoted(TextInput.oneLine(typed)))"
        let fix = "a zone's name or offset only says which of the two readings of a fall-back night's hour is meant"
        guard let night = nights(of: reminder, from: today, clock: clock).first else {
            guard case .on(let day) = reminder.repeats, let once = clock.instant(on: day, at: reminder.time) else {
                throw InputError(
                    "\(at): your clock reads \(time) once on each day this reminder comes in the year ahead; \(fix); give --at \(time)"
                )
            }
            throw InputError(
                "\(at) is \(time) on \(day), which your clock reads once (\(time) \(clock.abbreviation(at: once))); \(fix); give --at \(time)"
            )
        }
        let both = readings(on: night, at: reminder.time, clock: clock)
        if let reading = both.first(where: { isCalled($0, name, clock: clock) }) { return offset(reading, clock) / 60 }
        let names = both.map { "\(time) \(clock.abbreviation(at: $0))" }
        throw InputError(
            "\(at): on \(night) your clock reads \(time) twice, as \(names.joined(separator: " and ")), neither of them \(TextInput.oneLine(name)); give \(names.map { "--at \(ShellWord.quoted($0))" }.joined(separator: " or "))"
        )
    }

    /// The offset a reminder keeps when its repeat changes and its time does not: nil where
    /// none of its new nights has that reading.
    public static func kept(by reminder: OwnReminderSchedule, today: CivilDate, clock: WallClock) -> Int? {
        guard reminder.utcOffsetMinutes != nil else { return nil }
        return nights(of: reminder, from: today, clock: clock).contains {
            named(reminder.utcOffsetMinutes, on: $0, at: reminder.time, clock: clock) != nil
        } ? reminder.utcOffsetMinutes : nil
    }

    /// `01:30 EST`, or for a repeating one `01:30 (EST on the fall-back night)` (a summer's
    /// 01:30 is EDT): the time with the name its clock gives the reading named on the
    /// reminder's first fall-back night; the time alone when none is named.
    public static func told(_ reminder: OwnReminderSchedule, clock: WallClock) -> String {
        let time = clock.text(reminder.time)
        guard reminder.utcOffsetMinutes != nil else { return time }
        let night = nights(of: reminder, from: clock.date(of: reminder.since), clock: clock).lazy.compactMap {
            named(reminder.utcOffsetMinutes, on: $0, at: reminder.time, clock: clock)
        }.first
        guard let night else { return time }
        guard case .on = reminder.repeats else {
            return "\(time) (\(clock.abbreviation(at: night)) on the fall-back night)"
        }
        return "\(time) \(clock.abbreviation(at: night))"
    }

    /// The days from `first` on, within ``reach`` (a one-off's day, however far), on which the
    /// reminder comes and its clock reads its time twice.
    static func nights(of reminder: OwnReminderSchedule, from first: CivilDate, clock: WallClock) -> [CivilDate] {
        let days: [CivilDate]
        if case .on(let day) = reminder.repeats {
            days = [day]
        } else {
            days = (0..<reach).map { first.adding(days: $0) }.filter { day in
                reminder.repeats.includes(day) && reminder.endsOn.map { day <= $0 } ?? true
            }
        }
        return days.filter { readings(on: $0, at: reminder.time, clock: clock).count > 1 }
    }

    /// Both readings of `time` on `day` where the clock reads it twice; none otherwise.
    private static func readings(on day: CivilDate, at time: LocalTime, clock: WallClock) -> [Date] {
        let readings = clock.instants(on: day, at: time)
        return readings.count > 1 ? readings : []
    }

    /// Whether a reading is the one `name` calls: `UTC` or an offset by its offset, a zone's
    /// abbreviation as the clock prints it.
    private static func isCalled(_ reading: Date, _ name: String, clock: WallClock) -> Bool {
        guard let east = ["UTC", "GMT", "Z"].contains(name) ? 0 : GivenInstant.offset(name) else {
            return clock.abbreviation(at: reading).uppercased() == name
        }
        return offset(reading, clock) == east
    }

    private static func offset(_ reading: Date, _ clock: WallClock) -> Int {
        clock.offset(at: Int(reading.timeIntervalSince1970.rounded(.down)))
    }
}
