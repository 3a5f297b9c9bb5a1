import Foundation

/// Whether an imported repeat reminds on the calendar's own days: each of the event's times by
/// its rule (RFC 5545, on its own clock, from its start, its COUNT and UNTIL), its alarm's day
/// on the person's clock, against the days nudge's repeat has, for a year and more ahead. They
/// differ where the event's zone changes its clock apart from the person's around midnight, for
/// a month without the rule's day (RFC 5545 skips it; nudge's `--monthly 31` is the month's
/// last), or where nudge's end is not the calendar's: such an event is left out, never imported
/// wrong (hostile round of issue 42).
extension CalendarImport {
    /// How far ahead the days are compared: both of a year's clock changes, wherever they fall.
    static let checkedDays = 400

    struct RuleDays {
        var frequency: String
        var interval: Int
        var byDay: Set<Int>?
        var byMonthDay: Int?
        var count: Int?

        init(_ rule: String) {
            var parts: [String: String] = [:]
            for part in rule.split(separator: ";") {
                let pair = part.split(separator: "=", maxSplits: 1).map { String($0).uppercased() }
                if pair.count == 2 { parts[pair[0]] = pair[1] }
            }
            frequency = parts["FREQ"] ?? ""
            interval = parts["INTERVAL"].flatMap { Int($0) } ?? 1
            byDay = parts["BYDAY"].map { text in
                Set(text.split(separator: ",").compactMap { OwnReminderRepeat.byDay.firstIndex(of: String($0)) })
            }
            byMonthDay = parts["BYMONTHDAY"].flatMap { Int($0) }
            count = parts["COUNT"].flatMap { Int($0) }
        }

        /// Whether the rule has the event-local day `date`, for an event starting on `start`.
        func has(_ date: CivilDate, start: CivilDate) -> Bool {
            let days = date.daysSinceEpoch - start.daysSinceEpoch
            switch frequency {
            case "DAILY":
                return days % interval == 0 && byDay.map { $0.contains(date.weekday) } != false
            case "WEEKLY":
                // Weeks begin on Monday (WKST's default).
                let weeks =
                    (date.daysSinceEpoch - (date.weekday + 6) % 7 - start.daysSinceEpoch
                        + (start.weekday + 6) % 7) / 7
                return weeks % interval == 0 && (byDay ?? [start.weekday]).contains(date.weekday)
            case "MONTHLY":
                let last = OwnReminderRepeat.daysIn(year: date.year, month: date.month)
                let day = byMonthDay ?? start.day
                return day == -1 ? date.day == last : date.day == day
            default: return false
            }
        }
    }

    /// Whether `repeats`, ending on `endsOn`, has the days the event's alarms fall on, on
    /// `clock`, after today until ``checkedDays`` ahead. Refused (``Reason/otherTimes``) when an
    /// alarm is at another minute than `time` on its day: nudge keeps one time of day, and an
    /// event in a zone that changes its clock on other days than the person's (or never) is
    /// an hour off for weeks or months (issue 42's leftovers: a Berlin 14:30 call stayed 08:30
    /// in New York while the calendar rang at 09:30). A day whose `time` the person's clock
    /// skips is nudge's own rule's, not compared.
    func keepsTheCalendarsDays(
        rule: String, start: ICalendarTime.Written, until: RuleEnd?, alarmOffset: Int, repeats: OwnReminderRepeat,
        time: LocalTime, endsOn: CivilDate?, now: Date, clock: WallClock, zone: (String) -> ZoneRules?
    ) throws(Refusal) -> Bool {
        let today = clock.date(of: now)
        let wanted = (1...Self.checkedDays).map { today.adding(days: $0) }.filter { day in
            repeats.includes(day) && endsOn.map { day <= $0 } != false
        }
        let alarms = try self.alarms(
            rule: rule, start: start, until: until, alarmOffset: alarmOffset, today: today, clock: clock, zone: zone)
        // From the calendar's first: one that begins on a day to come is left out for that,
        // after this (hostile round of issue 42 after G13: a Tokyo weekly event beginning next
        // week was named as on other days, its days the same and its time moving).
        let first = alarms.first.map(clock.date(of:))
        let wantedSinceFirst = wanted.filter { day in first.map { day >= $0 } ?? true }
        guard alarms.map(clock.date(of:)) == wantedSinceFirst else { return false }
        if alarms.contains(where: { !Self.isAt(time, $0, clock: clock) }) { throw .leftOut(.otherTimes) }
        return true
    }

    /// The event's alarms by its rule on the days after `today` until ``checkedDays`` ahead.
    private func alarms(
        rule: String, start: ICalendarTime.Written, until: RuleEnd?, alarmOffset: Int, today: CivilDate,
        clock: WallClock, zone: (String) -> ZoneRules?
    ) throws(Refusal) -> [Date] {
        let last = today.adding(days: Self.checkedDays)
        let days = RuleDays(rule)
        var bound: Date?
        var lastDate: CivilDate?
        if case .until(let written) = until {
            if written.secondsOfDay == nil {
                lastDate = written.date
            } else {
                bound = try untilBound(written, start, clock: clock, zone: zone)
            }
        }
        var found: [Date] = []
        var occurrence = 0
        // Without a COUNT the days before last week's need no reading.
        var date = days.count == nil ? max(start.date, today.adding(days: -8)) : start.date
        while date <= last.adding(days: 2) {
            defer { date = date.adding(days: 1) }
            guard date == start.date || days.has(date, start: start.date) else { continue }
            occurrence += 1
            if let count = days.count, occurrence > count { break }
            if let lastDate, date > lastDate { break }
            var written = start
            written.date = date
            let instant = try self.instant(written, clock: clock, zone: zone)
            if let bound, instant > bound { break }
            let alarm = instant.addingTimeInterval(TimeInterval(alarmOffset))
            if clock.date(of: alarm) > today, clock.date(of: alarm) <= last { found.append(alarm) }
        }
        return found
    }

    /// Whether an alarm is at the minute nudge reminds at `time` on its day; a day whose `time`
    /// the clock skips is nudge's own rule's, taken as such.
    private static func isAt(_ time: LocalTime, _ alarm: Date, clock: WallClock) -> Bool {
        let day = clock.date(of: alarm)
        guard let due = clock.instant(on: day, at: time), clock.local(due) == (day, time.secondsOfDay) else {
            return true
        }
        return Int(due.timeIntervalSince1970) / 60 == Int(alarm.timeIntervalSince1970.rounded(.down)) / 60
    }

    /// UNTIL as an instant: UTC as written, else on the start's clock.
    private func untilBound(
        _ until: ICalendarTime.Written, _ start: ICalendarTime.Written, clock: WallClock, zone: (String) -> ZoneRules?
    ) throws(Refusal) -> Date {
        var written = until
        if !written.isUTC { written.zone = start.zone }
        return try instant(written, clock: clock, zone: zone)
    }
}
