import Foundation
import NudgeCore
import NudgeReports

/// When a repeating reminder ends, as `--until DAY`, `--count N` and (editing) `--no-end` give
/// it: at most one; the end is kept as the last local day it comes on.
public struct OwnReminderEndInput {
    public var until: GivenDay?
    public var count: Int?
    public var noEnd: Bool

    public init(until: GivenDay?, count: Int?, noEnd: Bool = false) {
        (self.until, self.count, self.noEnd) = (until, count, noEnd)
    }

    /// The most times `--count` takes: a daily reminder for almost three years.
    public static let countLimit = 1000

    public var isGiven: Bool { until != nil || count != nil || noEnd }

    /// The last day of `reminder` (its repeat and time as they will be) from `now`: nil for
    /// none, its own end when no option is given (none for one that comes once). `--count` is
    /// the day of its Nth time from now on, `--until` a day it must still come by.
    func resolved(for reminder: OwnReminderSchedule, now: Date, clock: WallClock) throws -> CivilDate? {
        let given = [until != nil, count != nil, noEnd].filter { $0 }.count
        guard given <= 1 else {
            throw CommandFailure("give one of --until, --count or --no-end, not \(given)", exitCode: 64)
        }
        let option = until != nil ? "--until" : "--count"
        if case .on = reminder.repeats {
            guard until == nil && count == nil else {
                throw CommandFailure(
                    "\(option) is for a repeating reminder; one --on a day comes once", exitCode: 64)
            }
            return nil
        }
        guard isGiven else { return reminder.endsOn }
        var endless = reminder
        endless.endsOn = nil
        if let count {
            guard (1...Self.countLimit).contains(count) else {
                throw CommandFailure(
                    "--count \(count) is out of range; give a number from 1 to \(Self.countLimit)", exitCode: 64)
            }
            guard let day = endless.lastDay(ofNext: count, from: now, clock: clock) else {
                throw CommandFailure(
                    "--count \(count) would end after the year 9999; give a smaller count, or --until a day",
                    exitCode: 64)
            }
            return day
        }
        guard let until else { return nil }
        let day = until.resolved(today: clock.date(of: now), direction: .future)
        var ended = endless
        ended.endsOn = day
        guard ended.next(after: now, clock: clock) != nil else {
            throw CommandFailure("--until \(day): it would not come again by then; give a later day", exitCode: 64)
        }
        return day
    }
}
