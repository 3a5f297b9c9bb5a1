import Foundation

/// The end-of-day symptom check (Symptomly): once a day at `symptom.reminder_time`, with
/// `done` and `snooze` answers.
public enum SymptomReminder {
    public static let title = "Daily symptom check"
    public static let doneAction = "done"
    public static let snoozeAction = "snooze"

    public static func key(for day: CivilDate) -> String { "symptom:\(day)" }

    public static func snoozePrefix(for day: CivilDate) -> String { "symptom:\(day):snooze:" }

    /// The diary day an occurrence is about, from its key.
    public static func day(ofKey key: String) -> CivilDate? {
        let parts = key.split(separator: ":")
        guard parts.count >= 2, parts[0] == "symptom" else { return nil }
        return CivilDate(iso: parts[1])
    }

    /// The daily occurrences on these days, in the settings' time; none when the reminder is off.
    public static func occurrences(on days: some Sequence<CivilDate>, settings: Settings, clock: WallClock) -> [Occurrence] {
        guard settings.bool(.symptomReminderEnabled) else { return [] }
        let time = settings.time(.symptomReminderTime)
        return days.compactMap { day in
            clock.instant(on: day, at: time).map {
                Occurrence(kind: .symptom, key: key(for: day), dueAt: $0, title: title)
            }
        }
    }

    /// The notification for the day's check, naming up to three of the day's entries.
    public static func notification(
        day: CivilDate, today: CivilDate, entries: [SymptomEntry], settings: Settings, text: BodyText
    ) -> NotificationContent {
        let when = day == today ? "today" : "on \(day)"
        let body: String
        if entries.isEmpty {
            body = "Nothing logged \(when). Log a symptom with: nudge log symptom NAME --severity N"
        } else {
            let newestFirst = entries.sorted { $0.loggedAt > $1.loggedAt }
            var named = newestFirst.prefix(3).map { "\(text.escape($0.name)) (\($0.severity))" }.joined(separator: ", ")
            if newestFirst.count > 3 { named += " and \(newestFirst.count - 3) more" }
            body = "\(entries.count) logged \(when): \(named). Anything else?"
        }
        let snooze = settings.int(.symptomSnoozeMinutes)
        return NotificationContent(
            title: title,
            body: body,
            actions: [
                NotificationAction(key: doneAction, label: "Nothing else today"),
                NotificationAction(key: snoozeAction, label: "Remind me in \(DurationText.spoken(minutes: snooze))"),
            ],
            category: "x-nudge.symptom"
        )
    }

    /// What an answer does: `snooze` queues one more occurrence, `done` cancels the day's pending snooze.
    public static func effects(of action: String, key: String, answeredAt: Date, settings: Settings) -> AnswerEffects? {
        guard let day = day(ofKey: key) else { return nil }
        switch action {
        case snoozeAction:
            let due = answeredAt.addingTimeInterval(TimeInterval(settings.int(.symptomSnoozeMinutes) * 60))
            return AnswerEffects(followUp: .init(kind: .symptom, keyPrefix: snoozePrefix(for: day), dueAt: due))
        case doneAction:
            return AnswerEffects(cancelOwedWithPrefix: snoozePrefix(for: day))
        default:
            return nil
        }
    }
}
