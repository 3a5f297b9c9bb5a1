import Foundation

/// Several reminders found late at once (the computer was off or asleep, the daemon stopped,
/// Do Not Disturb held them, a restarted notification server lost them; its title names which,
/// ``LateCause``):
/// one notification names them all instead of a burst of pop-ups, and each stays answerable on
/// its own (`nudge ack`, `nudge history`). Each kind's lateness rule has already decided what is
/// late and what is missed; alarms (a ``KeepingAwakeRule``'s kind) are never summarized, they
/// ring on their own.
public enum LateSummary {
    /// Fewer late ones than this are shown one by one.
    public static let least = 2
    /// Late by more than this: what a plan on time would have shown already.
    public static let lateAfter: TimeInterval = 5 * 60
    /// Named one by one; the rest are counted.
    public static let named = 3
    /// What each summarized delivery keeps as its body, for `nudge history`.
    public static let recordedBody = "Shown in the summary of what came due while the computer was off."

    /// A private kind's late one, named on a locked screen: neither its text nor its kind.
    public static let privateName = "a private reminder"

    /// Of what a plan found due, the late ones to summarize; none when fewer than `least`. One
    /// a restarted server lost counts as late, however recent: owed again from the instant of
    /// the loss, it would otherwise come back as one pop-up of several at once.
    public static func select(_ due: [Occurrence], now: Date, input: ScheduleInput) -> [Occurrence] {
        let lost = Set(input.deliveries.filter(\.isOwedAfterLoss).map(\.key))
        let late = due.filter { occurrence in
            guard let kind = input.kind(occurrence.kind), !kind.keepsAwake else { return false }
            return now.timeIntervalSince(occurrence.dueAt) > lateAfter || lost.contains(occurrence.key)
        }
        guard late.count >= least else { return [] }
        // A kind that summarizes more than its threshold due together (calls: four) is not split
        // into this summary and one alone: its others join (issue 41: after a restore with the
        // server replaced, the three lost were summarized and the fourth, due anew, popped up).
        let joining = due.filter { occurrence in
            guard !late.contains(occurrence), let threshold = input.kind(occurrence.kind)?.summaryThreshold else {
                return false
            }
            return due.filter { $0.kind == occurrence.kind }.count > threshold
        }
        return oldestFirst(late + joining, input: input)
    }

    /// Oldest first by when each was due: one owed again (lost with its server, expired
    /// unseen) by its delivery's due time, not by the instant it is owed again from, as it is
    /// named; then by key, so that every wording of one summary names the same ones.
    static func oldestFirst(_ occurrences: [Occurrence], input: ScheduleInput) -> [Occurrence] {
        let dueAt = firstDue(input)
        return occurrences.map { (dueAt[$0.key] ?? $0.dueAt, $0) }
            .sorted { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1.key < $1.1.key }.map(\.1)
    }

    private static func firstDue(_ input: ScheduleInput) -> [String: Date] {
        Dictionary(input.deliveries.map { ($0.key, $0.dueAt) }) { first, _ in first }
    }

    /// Whether the summary of `occurrences` names a private kind's: a locked screen words it
    /// otherwise, and the unlock rewords it.
    public static func namesPrivate(_ occurrences: [Occurrence], input: ScheduleInput) -> Bool {
        occurrences.contains { input.kind($0.kind)?.isPrivate == true }
    }

    /// The one notification: "the symptom check of 20:00, a call with Sam due since Monday,
    /// 1 more", each named by its rule (a private kind never by what was written), oldest first; one
    /// subject (a call with Sam owed twice) once, by its oldest. `hidingPrivate` (a locked
    /// screen): a private kind's is `privateName`.
    public static func content(
        of occurrences: [Occurrence], now: Date, input: ScheduleInput, clock: WallClock, text: BodyText,
        cause: LateCause = .computerOff, hidingPrivate: Bool = false
    ) -> NotificationContent {
        var seen = Set<[String]>()
        // One owed again (lost with its server, expired unseen) is named by when it was due.
        let dueAt = firstDue(input)
        let all = oldestFirst(occurrences, input: input).compactMap { occurrence -> String? in
            let kind = input.kind(occurrence.kind)
            let subject = kind?.subject(ofKey: occurrence.key) ?? occurrence.key
            guard seen.insert([occurrence.kind.rawValue, subject]).inserted else { return nil }
            let name =
                hidingPrivate && kind?.isPrivate == true
                ? privateName : kind?.lateName(of: occurrence, from: input, clock: clock) ?? "a reminder"
            return text.escape("\(name) \(when(dueAt[occurrence.key] ?? occurrence.dueAt, now: now, clock: clock))")
        }
        let names = all.prefix(named)
        let more = all.count - names.count
        let list = (names + (more > 0 ? ["\(more) more"] : [])).joined(separator: ", ")
        var content = NotificationContent(
            title: cause.title,
            body:
                "\(list). Each is answered on its own: \(SuggestedCommand.history) lists them with their ids, nudge ack ID ANSWER answers one.",
            actions: [], category: "x-nudge.summary", sound: .reminder)
        content.answeredInTerminal = true
        return content
    }

    /// What the store keeps for one summarized occurrence: its own title, and that it was shown
    /// in the summary.
    public static func recorded(_ occurrence: Occurrence, in summary: NotificationContent) -> NotificationContent {
        var content = summary
        content.title = occurrence.title
        content.body = recordedBody
        return content
    }

    /// "of 20:00" today, "due since Monday" this week, "due since 21 Nov" before.
    private static func when(_ due: Date, now: Date, clock: WallClock) -> String {
        let day = clock.date(of: due)
        let today = clock.date(of: now)
        if day == today { return "of \(clock.timeOfDay(due))" }
        if today.daysSinceEpoch - day.daysSinceEpoch < 7 { return "due since \(clock.weekdayName(day))" }
        return "due since \(day.day) \(clock.monthAbbreviations[day.month - 1])"
    }
}
