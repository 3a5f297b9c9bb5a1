import Foundation

extension ReminderKind {
    public static let call = ReminderKind(rawValue: "call")
}

extension SettingKey {
    public static let callRemindersEnabled = SettingKey("call.reminders_enabled", .boolean, default: "true")
    public static let callReminderTime = SettingKey("call.reminder_time", .timeOfDay, default: "09:00")
}

/// Call reminders (the Monica call log): every N days since the last call, and one-off "call X
/// on day D". Answers: `called` (writes a call log), `tomorrow`, `dismiss`.
public struct CallReminder: SummarizingRule {
    public static let calledAction = "called"
    public static let tomorrowAction = "tomorrow"
    public static let dismissAction = "dismiss"

    public struct Facts: RuleFacts {
        /// Contacts with a stay-in-touch cadence.
        public var contacts: [ContactCadence]
        /// One-off call reminders not yet done.
        public var oneOffCalls: [OneOffCall]
        /// Every contact whose cadence falls due before this day is in `contacts` (and every
        /// contact a queued occurrence names); later ones may not be. Nil: every contact is.
        public var completeBefore: CivilDate?

        public init() { self.init(contacts: [], oneOffCalls: []) }

        public init(contacts: [ContactCadence], oneOffCalls: [OneOffCall], completeBefore: CivilDate? = nil) {
            self.contacts = contacts
            self.oneOffCalls = oneOffCalls
            self.completeBefore = completeBefore
        }

        /// The contact a call occurrence is about.
        public func name(forKey key: String) -> String? {
            guard let identity = Key(key)?.contactIdentity else { return nil }
            return contacts.first { $0.identity == identity }?.name
                ?? oneOffCalls.first { $0.contactIdentity == identity }?.name
        }
    }

    public init() {}

    public let kind = ReminderKind.call
    public let name = "call"
    public let settingKeys: [SettingKey] = [.callRemindersEnabled, .callReminderTime, .callDuringDoNotDisturb]
    public let enabledSetting: SettingKey? = .callRemindersEnabled
    public let answers = [calledAction, tomorrowAction, dismissAction]
    /// More than this many due at once make one summary instead of a flood.
    public let summaryThreshold = 3
    /// Settled elsewhere (a call logged, a mood recorded), its notification is closed.
    public let closesWhenSettledElsewhere = true

    public func occurrences(days: ClosedRange<CivilDate>, in input: RuleInput<Facts>) -> GeneratedOccurrences {
        Self.occurrences(
            contacts: input.facts.contacts, reminders: input.facts.oneOffCalls, settings: input.settings,
            clock: input.clock,
            completeBefore: input.facts.completeBefore)
    }

    /// A queued call ("tomorrow") counts only while the contact was not called since and the
    /// one-off is still open.
    public func isCurrent(key: String, in input: RuleInput<Facts>) -> Bool {
        guard let key = Key(key) else { return false }
        switch key.kind {
        case .cadence(let due):
            guard let contact = input.facts.contacts.first(where: { $0.identity == key.contactIdentity }) else {
                return false
            }
            return contact.lastCall.map { input.clock.date(of: $0) < due } ?? true
        case .once(let identity):
            guard let open = input.facts.oneOffCalls.first(where: { $0.identity == identity }) else { return false }
            // A call logged since it was due is the call it asked for.
            return open.lastCall.map { $0 < open.dueAt } ?? true
        }
    }

    /// Shown however late: a call owed since yesterday is still owed (`isCurrent` withdraws
    /// one a logged call settled).
    public func lateness(of occurrence: Occurrence, now: Date, in input: RuleInput<Facts>) -> Lateness { .show }

    public func title(ofKey key: String, in input: RuleInput<Facts>) -> String {
        Self.title(input.facts.name(forKey: key) ?? "someone")
    }

    public func lateName(of occurrence: Occurrence, in input: RuleInput<Facts>) -> String {
        "a call with \(input.facts.name(forKey: occurrence.key) ?? "someone")"
    }

    public func presentation(for occurrence: Occurrence, now: Date, text: BodyText, in input: RuleInput<Facts>)
        -> Presentation?
    {
        guard let key = Key(occurrence.key) else { return nil }
        let contact = input.facts.contacts.first { $0.identity == key.contactIdentity }
        var reminder: OneOffCall?
        if case .once(let identity) = key.kind {
            reminder = input.facts.oneOffCalls.first { $0.identity == identity }
            guard reminder != nil else { return nil }
        }
        guard let name = contact?.name ?? reminder?.name else { return nil }
        return .notification(
            Self.notification(
                key: key, contact: contact, reminder: reminder, name: name, today: input.clock.date(of: now),
                clock: input.clock, text: text))
    }

    public func summary(of occurrences: [Occurrence], text: BodyText, in input: RuleInput<Facts>) -> NotificationContent
    {
        // One name per person: a due one-off and a due cadence of one contact are one call.
        var subjects = Set<String>()
        let once = occurrences.filter { subjects.insert(subject(ofKey: $0.key)).inserted }
        return Self.summary(names: once.map { input.facts.name(forKey: $0.key) ?? $0.title }, text: text)
    }

    /// Its contact: a one-off and a cadence call with one person are one call to make.
    public func subject(ofKey key: String) -> String { Key(key).map { "contact \($0.contactIdentity)" } ?? key }

    /// A cadence shown counts again from that day, in the same write as "shown".
    public func changesWhenShown(key: String, dueAt: Date, at instant: Date, clock: WallClock) -> [CallChange] {
        guard let key = Key(key), case .cadence = key.kind else { return [] }
        return [CallChange.cadenceRestarted(contactIdentity: key.contactIdentity, on: clock.date(of: instant))]
    }

    /// `called` writes a call log (and closes the one-off), `tomorrow` queues one more
    /// occurrence at the next day's reminder time, `dismiss` skips this cycle or closes the one-off.
    public func answer(_ answer: String, to record: DeliveryRecord, at now: Date, in input: RuleInput<Facts>)
        -> AnswerDecision<CallChange>
    {
        let unknown = AnswerDecision<CallChange>.refused(
            InputError("\(record.key) no longer has a contact to answer for"))
        guard let key = Key(record.key) else { return unknown }
        guard record.action == nil else { return .duplicate }
        let today = input.clock.date(of: now)
        var closeOneOff: [CallChange] = []
        if case .once(let identity) = key.kind {
            if let refusal = Self.doneRefusal(record, reminderIdentity: identity, in: input) {
                return .refused(refusal)
            }
            closeOneOff = [CallChange.oneOffClosed(reminderIdentity: identity, at: now)]
        }
        switch answer {
        case Self.calledAction:
            if let refusal = Self.calledSinceShown(record, key: key, answer: answer, now: now, in: input) {
                return .refused(refusal)
            }
            return .record(
                AnswerEffects(
                    changes: [CallChange.called(contactIdentity: key.contactIdentity, at: now)] + closeOneOff,
                    confirmation: "logged a call with \(input.facts.name(forKey: record.key) ?? "the contact")"))
        case Self.tomorrowAction:
            if let refusal = Self.calledSinceShown(record, key: key, answer: answer, now: now, in: input) {
                return .refused(refusal)
            }
            let time = input.settings.time(.callReminderTime)
            guard
                let due = input.clock.instant(on: today.adding(days: 1), at: time)
                    ?? input.clock.instant(on: today.adding(days: 2), at: time)
            else { return unknown }
            // Titled as the one answered ("Call Alex"): history names the person even when the
            // one-off is moved or cancelled before tomorrow, and its row is gone.
            let title = input.facts.name(forKey: record.key).map(Self.title) ?? record.title
            return .record(
                AnswerEffects(
                    followUp: .init(kind: kind, keyPrefix: Self.tomorrowPrefix(key.base), dueAt: due, title: title)))
        case Self.dismissAction:
            let restart = CallChange.cadenceRestarted(contactIdentity: key.contactIdentity, on: today)
            return .record(AnswerEffects(changes: closeOneOff.isEmpty ? [restart] : closeOneOff))
        default:
            return unknown
        }
    }

    /// `due` is the due date's text (`2026-11-21`).
    static func cadenceKey(_ contact: ContactCadence, due: String) -> String {
        "call:\(contact.identity):cadence:\(due)"
    }
    public static func onceKey(_ reminder: OneOffCall) -> String {
        "call:\(reminder.contactIdentity):once:\(reminder.identity)"
    }
    /// `onceKey` built in SQL from two column expressions, for a query that joins on it.
    public static func onceKeySQL(contactIdentity: String, reminderIdentity: String) -> String {
        "'call:' || \(contactIdentity) || ':once:' || \(reminderIdentity)"
    }
    public static func tomorrowPrefix(_ base: String) -> String { base + ":tomorrow:" }

    public static func title(_ name: String) -> String { "Call \(name)" }

    /// The cadence and one-off occurrences, keys and titles built only for those asked for;
    /// instants are computed once per date, since thousands of contacts fall on a few dates.
    public static func occurrences(
        contacts: [ContactCadence], reminders: [OneOffCall], settings: Settings, clock: WallClock,
        completeBefore: CivilDate? = nil
    ) -> GeneratedOccurrences {
        guard settings.bool(.callRemindersEnabled) else { return .init([]) }
        let time = settings.time(.callReminderTime)
        var instants: [CivilDate: Date?] = [:]
        var dueAt: [Date] = []
        // Where each instant comes from: a contact's index, or the contacts' count plus a one-off's.
        var sources: [Int] = []
        dueAt.reserveCapacity(contacts.count + reminders.count)
        sources.reserveCapacity(contacts.count + reminders.count)
        for (index, contact) in contacts.enumerated() {
            let due = contact.dueDate(clock: clock)
            let instant: Date?
            if let known = instants[due] {
                instant = known
            } else {
                instant = clock.instant(on: due, at: time) ?? clock.instant(on: due.adding(days: 1), at: time)
                instants[due] = instant
            }
            guard let instant else { continue }
            dueAt.append(instant)
            sources.append(index)
        }
        for (index, reminder) in reminders.enumerated() where !reminder.settled {
            dueAt.append(reminder.dueAt)
            sources.append(contacts.count + index)
        }
        // A contact left out falls due on that local day or later: not before its midnight (or
        // where midnight is skipped, the zone furthest ahead of UTC's).
        let horizon = completeBefore.map {
            clock.instant(on: $0, at: LocalTime(hour: 0, minute: 0)!)
                ?? Date(timeIntervalSince1970: TimeInterval($0.daysSinceEpoch * 86400 - 14 * 3600))
        }
        return GeneratedOccurrences(dueAt: dueAt, horizon: horizon) { [dueAt, sources] index in
            let source = sources[index]
            guard source < contacts.count else {
                let reminder = reminders[source - contacts.count]
                return Occurrence(
                    kind: .call, key: onceKey(reminder), dueAt: reminder.dueAt, title: title(reminder.name))
            }
            let contact = contacts[source]
            return Occurrence(
                kind: .call, key: cadenceKey(contact, due: contact.dueDate(clock: clock).description),
                dueAt: dueAt[index], title: title(contact.name))
        }
    }

    /// The notification for one contact.
    public static func notification(
        key: Key, contact: ContactCadence?, reminder: OneOffCall?, name: String, today: CivilDate, clock: WallClock,
        text: BodyText
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
            category: "x-nudge.call", sound: .reminder)
    }

    /// One notification for many contacts due at once, saying how to answer each.
    public static func summary(names: [String], text: BodyText) -> NotificationContent {
        let escaped = names.sorted { $0.localizedStandardCompare($1) == .orderedAscending }.map(text.escape)
        let list =
            escaped.count > 1 ? escaped.dropLast().joined(separator: ", ") + " and " + escaped.last! : escaped.joined()
        var content = NotificationContent(
            title: "\(names.count) people to call",
            body:
                "\(list). Answer each from the command line: \(SuggestedCommand.callLog) when you called, \(SuggestedCommand.callRemindTomorrow) for tomorrow.",
            actions: [], category: "x-nudge.call", sound: .reminder)
        content.answeredInTerminal = true
        return content
    }
}
