import Foundation

/// A recurring own reminder in the feed: one VEVENT with its RRULE from the first day the rule
/// has. The days of the span on which a calendar reading the rule would not show what nudge
/// shows are exceptions: a day already settled or snoozed is left out (EXDATE); a day nudge
/// shows at another instant than the rule's, or on a day the rule does not have, is an event
/// of its own at nudge's instant (an RDATE would do for RFC 5545's readers, but calcurse
/// ignores RDATE). Such days are a time the spring-forward gap skips (RFC 5545 reads it with
/// the offset before the gap, the gap's length late; nudge shows it at the gap's end), and a
/// shorter month's last day standing in for a 29th or 30th. A time the fall-back night has
/// twice is the first in both, unless the person named the second (`--at '01:30 EST'`). The
/// rule never starts on a night whose time the gap skips.
extension CalendarFeed {
    struct Series {
        var reminder: OwnReminderSchedule
        /// Its DTSTART's day.
        var firstDay: CivilDate
        /// The rule's days in the span that nudge does not show at the rule's time: EXDATE.
        var leftOut: [CivilDate]
        /// The occurrences the rule has: no event of their own.
        var ruledKeys: [String]
    }

    /// Nil for one that repeats not, comes no more after `now`, or whose rule has no day before
    /// its end (a 30th from the 1st of a February ending on its 28th): its occurrences are then
    /// events of their own.
    func series(of reminder: OwnReminderSchedule, keys: Set<String>, now: Date, end: Date, clock: WallClock)
        -> Series?
    {
        guard reminder.repeats.rule != nil, reminder.next(after: now, clock: clock) != nil,
            let start = reminder.next(after: reminder.since, clock: clock)
        else { return nil }
        guard let firstDay = firstRuleDay(of: reminder, from: start, clock: clock) else { return nil }
        var series = Series(reminder: reminder, firstDay: firstDay, leftOut: [], ruledKeys: [])
        // From the day before now's: a calendar's reading of a day nudge has passed may be to come.
        var day = max(clock.date(of: now).adding(days: -1), firstDay)
        while day <= clock.date(of: end) {
            if let due = reminder.dueAt(on: day, clock: clock), due < end, due >= reminder.since,
                reminder.repeats.ruleIncludes(day)
            {
                // A day keyed before keys held the time keeps that key (OwnReminder.Facts.untimedDays).
                let dayKeys = [reminder.key(on: day), OwnReminderSchedule.dayKey(id: reminder.id, day: day)]
                let key = dayKeys.first(where: keys.contains)
                // The rule's reading of a time read twice is the first.
                let atRuleTime =
                    clock.local(due) == (day, reminder.time.secondsOfDay)
                    && clock.instants(on: day, at: reminder.time).first == due
                // Shown and snoozed: the day is its snooze's event, not also the rule's (issue 42).
                let snoozed = dayKeys.contains { prefix in keys.contains { $0.hasPrefix(prefix + ":snooze:") } }
                if due > now, let key, atRuleTime {
                    series.ruledKeys.append(key)
                } else if due > now || !atRuleTime || snoozed {
                    // Settled, snoozed or moved by the clock: also once nudge's instant has
                    // passed, as the rule's reading of a gap time is the gap's length later.
                    series.leftOut.append(day)
                }
            }
            day = day.adding(days: 1)
        }
        return series
    }

    /// The rule's first day from `start`'s: a 29th or 30th is at most two months from any day it
    /// stands in for. Never a day whose time the spring-forward gap skips: calcurse moves the
    /// start to the gap's end and reads every later day at that wall time (01:30 shown at 02:30;
    /// hostile round 31 of issue 42). That night's occurrence is an event of its own.
    private func firstRuleDay(of reminder: OwnReminderSchedule, from start: Date, clock: WallClock) -> CivilDate? {
        let time = reminder.time
        return (0...62).lazy.map { clock.date(of: start).adding(days: $0) }.first { day in
            reminder.repeats.ruleIncludes(day) && reminder.endsOn.map { day <= $0 } ?? true
                && clock.instant(on: day, at: time).map { clock.local($0) == (day, time.secondsOfDay) } ?? false
        }
    }
}
