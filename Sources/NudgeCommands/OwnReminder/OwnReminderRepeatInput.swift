import Foundation
import NudgeCore
import NudgeReports

/// How a reminder repeats, as `--every`, `--on`, `--weekly` and `--monthly` give it: at most
/// one of them, each read whole before the store is opened, refused naming its option.
public struct OwnReminderRepeatInput {
    public var every: String?
    public var on: GivenDay?
    public var weekly: String?
    public var monthly: String?

    public init(every: String?, on: GivenDay?, weekly: String?, monthly: String?) {
        (self.every, self.on, self.weekly, self.monthly) = (every, on, weekly, monthly)
    }

    public static let options = "--every 3d, --on 2026-12-24, --weekly mon,thu or --monthly 1"

    public var isGiven: Bool { every != nil || on != nil || weekly != nil || monthly != nil }

    /// The repeat, at `time` from `now`: an every-N-days one counts from the first day its time
    /// is still to come (today or tomorrow); a date must not have passed. Nil when none given.
    func resolved(at time: LocalTime, now: Date, clock: WallClock) throws -> OwnReminderRepeat? {
        let given = [every, on.map { _ in "" }, weekly, monthly].compactMap { $0 }
        guard given.count <= 1 else {
            throw CommandFailure("give one of \(Self.options), not \(given.count)", exitCode: 64)
        }
        let today = clock.date(of: now)
        do throws(InputError) {
            if let every {
                let days = try OwnReminderRepeat.days(every)
                let startsToday = clock.instant(on: today, at: time).map { $0 > now } ?? false
                return .every(days: days, from: startsToday ? today : today.adding(days: 1))
            }
            if let on {
                let day = on.resolved(today: today, direction: .future)
                guard let due = clock.instant(on: day, at: time), due > now else {
                    throw InputError("--on \(day) at \(clock.text(time)) has passed; give a day and time to come")
                }
                return .on(day)
            }
            if let weekly { return .weekly(try MedicationDays.parse(weekly, option: "--weekly")) }
            if let monthly { return .monthly(day: try OwnReminderRepeat.monthDay(monthly)) }
        } catch {
            throw CommandFailure(error.description, exitCode: 64)
        }
        return nil
    }
}
