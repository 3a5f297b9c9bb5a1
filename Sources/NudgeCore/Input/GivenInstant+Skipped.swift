import Foundation

/// A time given with its zone's name that the clock never read: `01:30 BST` on the
/// spring-forward night in London, when the clock went from 01:00 GMT to 02:00 BST. It is
/// refused saying so (hostile round of issue 40: it was taken as 02:00 BST without a word).
extension GivenInstant {
    /// Why the time named is none on this clock (the day it is read on skipped it), or nil.
    public func skippedReading(now: Date, clock: WallClock, direction: InstantInput.Direction) -> String? {
        let day: CivilDate
        let time: LocalTime
        let abbreviation: String
        switch form {
        case .named(let date, let named, let name):
            (day, time, abbreviation) = (date, named, name)
        case .namedOnDay(let spoken, let named, let name):
            let today = clock.date(of: now)
            day = spoken?.candidates(from: today, direction: direction)[0] ?? today
            (time, abbreviation) = (named, name)
        default:
            return nil
        }
        guard !["UTC", "GMT", "Z"].contains(abbreviation), Self.offset(abbreviation) == nil else { return nil }
        return Self.skipped(time, on: day, clock: clock)
    }

    /// Why `time` on `day` is none on this clock, a spring-forward having skipped it, or nil.
    /// Something that happened was at a time the clock read (hostile round of issue 40:
    /// `log symptom --at 01:30` on London's spring-forward night was logged at 02:00 BST).
    public static func skipped(_ time: LocalTime, on day: CivilDate, clock: WallClock) -> String? {
        guard let gapEnd = clock.instants(on: day, at: time).first, clock.local(gapEnd) != (day, time.secondsOfDay)
        else { return nil }
        let before = gapEnd.addingTimeInterval(-1)
        let (jumpFrom, jumpTo) = (wallTime(justBefore: gapEnd, clock: clock), clock.timeOfDay(gapEnd))
        return
            "this clock went from \(jumpFrom) \(clock.abbreviation(at: before)) to \(jumpTo) \(clock.abbreviation(at: gapEnd)) on \(day), so it never read \(clock.text(time)); give a time before \(jumpFrom) or from \(jumpTo)"
    }

    /// The clock's reading as a gap began: the last second before it, plus that second.
    private static func wallTime(justBefore gapEnd: Date, clock: WallClock) -> String {
        let seconds = clock.local(gapEnd.addingTimeInterval(-1)).secondsOfDay + 1
        return clock.text(LocalTime(hour: seconds / 3600 % 24, minute: seconds / 60 % 60) ?? .midnight)
    }
}
