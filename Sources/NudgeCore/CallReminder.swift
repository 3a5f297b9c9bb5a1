import Foundation

/// Call reminders (the Monica call log): every N days since the last call, and one-off "call X
/// on day D". Answers: `called` (writes a call log), `tomorrow`, `dismiss`.
public enum CallReminder {
    public static let calledAction = "called"
    public static let tomorrowAction = "tomorrow"
    public static let dismissAction = "dismiss"
    /// More than this many due at once make one summary instead of a flood.
    public static let summaryThreshold = 3

    /// What an occurrence key says: whose, which kind, and the follow-up it may be. Keys name
    /// contacts and one-offs by their serials, which are never given twice, not by row ids.
    public struct Key: Sendable, Equatable {
        public enum Kind: Sendable, Equatable {
            case cadence(due: CivilDate)
            case once(reminderIdentity: Int64)
        }

        public var contactIdentity: Int64
        public var kind: Kind
        /// The key without a `:tomorrow:N` suffix: follow-ups are numbered after it.
        public var base: String

        public init?(_ key: String) {
            let parts = key.split(separator: ":").map(String.init)
            guard parts.count >= 4, parts[0] == "call", let contact = Int64(parts[1]) else { return nil }
            contactIdentity = contact
            base = parts[0...3].joined(separator: ":")
            switch parts[2] {
            case "cadence":
                guard let date = CivilDate(iso: parts[3]) else { return nil }
                kind = .cadence(due: date)
            case "once":
                guard let id = Int64(parts[3]) else { return nil }
                kind = .once(reminderIdentity: id)
            default:
                return nil
            }
        }
    }

    /// `due` is the due date's text (`2026-11-21`).
    static func cadenceKey(_ contact: ContactCadence, due: String) -> String { "call:\(contact.identity):cadence:\(due)" }
    public static func onceKey(_ reminder: OneOffCall) -> String { "call:\(reminder.contactIdentity):once:\(reminder.identity)" }
    /// `onceKey` built in SQL from two column expressions, for a query that joins on it.
    public static func onceKeySQL(contactIdentity: String, reminderIdentity: String) -> String {
        "'call:' || \(contactIdentity) || ':once:' || \(reminderIdentity)"
    }
    public static func tomorrowPrefix(_ base: String) -> String { base + ":tomorrow:" }

    public static func title(_ name: String) -> String { "Call \(name)" }

    /// The cadence and one-off occurrences; instants and date texts are shared per date, since
    /// thousands of contacts fall on a few dates.
    public static func occurrences(contacts: [ContactCadence], reminders: [OneOffCall], settings: Settings, clock: WallClock) -> [Occurrence] {
        guard settings.bool(.callRemindersEnabled) else { return [] }
        let time = settings.time(.callReminderTime)
        var instants: [CivilDate: (instant: Date?, text: String)] = [:]
        var occurrences: [Occurrence] = []
        occurrences.reserveCapacity(contacts.count + reminders.count)
        for contact in contacts {
            let due = contact.dueDate(clock: clock)
            let known: (instant: Date?, text: String)
            if let found = instants[due] { known = found } else {
                known = (clock.instant(on: due, at: time) ?? clock.instant(on: due.adding(days: 1), at: time), due.description)
                instants[due] = known
            }
            guard let instant = known.instant else { continue }
            occurrences.append(Occurrence(kind: .call, key: cadenceKey(contact, due: known.text), dueAt: instant, title: title(contact.name)))
        }
        for reminder in reminders where !reminder.settled {
            occurrences.append(Occurrence(kind: .call, key: onceKey(reminder), dueAt: reminder.dueAt, title: title(reminder.name)))
        }
        return occurrences
    }

    /// The notification for one contact.
    public static func notification(
        key: Key, contact: ContactCadence?, reminder: OneOffCall?, name: String, today: CivilDate, clock: WallClock, text: BodyText
    ) -> NotificationContent {
        let body: String
        switch key.kind {
        case .cadence:
            let every = contact.map { "you wanted \(DurationText.every(days: $0.everyDays))" } ?? "it is time"
            if let last = contact?.lastCall {
                let days = today.daysSinceEpoch - clock.date(of: last).daysSinceEpoch
                let ago = days == 0 ? "today" : days == 1 ? "yesterday" : "\(days) days ago"
                body = "Last call \(ago); \(every)."
            } else {
                body = "No call logged yet; \(every)."
            }
        case .once:
            body = reminder?.note.map(text.escape) ?? "You wanted to call \(text.escape(name))."
        }
        let isOnce = if case .once = key.kind { true } else { false }
        return NotificationContent(
            title: title(name), body: body,
            actions: [
                NotificationAction(key: calledAction, label: "Called"),
                NotificationAction(key: tomorrowAction, label: "Remind me tomorrow"),
                NotificationAction(key: dismissAction, label: isOnce ? "Dismiss" : "Skip this time"),
            ],
            category: "x-nudge.call")
    }

    /// One notification for many contacts due at once, saying how to answer each.
    public static func summary(names: [String], text: BodyText) -> NotificationContent {
        let escaped = names.sorted { $0.localizedStandardCompare($1) == .orderedAscending }.map(text.escape)
        let list = escaped.count > 1 ? escaped.dropLast().joined(separator: ", ") + " and " + escaped.last! : escaped.joined()
        return NotificationContent(
            title: "\(names.count) people to call",
            body: "\(list). Answer each from the command line: nudge call log NAME when you called, nudge call remind NAME --in 1 for tomorrow.",
            actions: [], category: "x-nudge.call")
    }
}
