import Foundation
import NudgeCore
import NudgeReports
import NudgeStore

/// `nudge remind TEXT`: one of the person's own reminders, in nudge's own `own_reminders`.
public struct OwnReminderAdd {
    public var text: String
    public var repeats: OwnReminderRepeatInput
    /// `--at`: none with `--in` hours and minutes, which is the time itself.
    public var at: ReminderTimeOfDay?
    public var ends: OwnReminderEndInput

    public init(text: String, repeats: OwnReminderRepeatInput, at: ReminderTimeOfDay?, ends: OwnReminderEndInput) {
        (self.text, self.repeats, self.at, self.ends) = (OwnReminderText.typed(text), repeats, at, ends)
    }

    /// Why `run` would refuse it now, before the store, or nil.
    public func refusal(_ context: CommandContext) -> String? {
        do {
            _ = try resolved(context)
            return nil
        } catch let failure as CommandFailure {
            return failure.message
        } catch {
            return "\(error)"
        }
    }

    private func resolved(_ context: CommandContext) throws -> CalendarImport.Reminder {
        do throws(InputError) { try OwnReminderText.validate(text) } catch {
            throw CommandFailure(error.description, exitCode: 64)
        }
        let clock = context.wallClock
        guard
            let (repeated, time) = try repeats.resolved(
                at: at?.time, anyReading: at?.zoneName != nil, now: context.now, clock: clock)
        else {
            throw CommandFailure("say when: give \(OwnReminderRepeatInput.options)", exitCode: 64)
        }
        var endless = OwnReminderSchedule(id: 0, text: text, repeats: repeated, time: time, since: context.now)
        endless.utcOffsetMinutes = try at?.reading(for: endless, now: context.now, clock: clock)
        // The reading named may have passed where the other is to come.
        if endless.utcOffsetMinutes != nil { try OwnReminderEdit.refusePassed(endless, now: context.now, clock: clock) }
        endless.endsOn = try ends.resolved(for: endless, now: context.now, clock: clock)
        return CalendarImport.Reminder(endless)
    }

    public func run(_ context: CommandContext) throws {
        let wanted = try resolved(context)
        let clock = context.wallClock
        let store = try context.openStore()
        let (added, isNew) = try store.run { try $0.addOwnReminderUnlessThere(wanted, now: context.now) }
        context.print(
            "\(isNew ? "added reminder" : "already there, nothing added: reminder") \(OwnReminderText.line(added, clock: clock)); \(OwnReminderText.next(added, now: context.now, clock: clock))"
        )
    }
}

/// `nudge reminders edit ID`: what is given changes, the rest stays; reminded again from now.
public struct OwnReminderEdit {
    public var id: Int64
    public var text: String?
    public var repeats: OwnReminderRepeatInput
    public var at: ReminderTimeOfDay?
    public var ends: OwnReminderEndInput

    public init(
        id: Int64, text: String?, repeats: OwnReminderRepeatInput, at: ReminderTimeOfDay?, ends: OwnReminderEndInput
    ) {
        (self.id, self.text, self.repeats, self.at, self.ends) = (
            id, text.map(OwnReminderText.typed), repeats, at, ends
        )
    }

    public func run(_ context: CommandContext) throws {
        guard text != nil || repeats.isGiven || at != nil || ends.isGiven else {
            throw CommandFailure(
                "nothing to change; give --text, --at, --until, --count, --no-end, or one of \(OwnReminderRepeatInput.options)",
                exitCode: 64)
        }
        if let text {
            do throws(InputError) { try OwnReminderText.validate(text) } catch {
                throw CommandFailure(error.description, exitCode: 64)
            }
        }
        let clock = context.wallClock
        let store = try context.openStore()
        let all = try store.run { try $0.ownReminders() }
        guard var reminder = all.first(where: { $0.id == id }) else {
            throw try OwnReminderDelete.missing(id, in: store, fix: "delete it and add it again")
        }
        let before = reminder
        reminder.text = text ?? reminder.text
        try moveWhen(&reminder, now: context.now, clock: clock)
        reminder.endsOn = try ends.resolved(for: reminder, now: context.now, clock: clock)
        // As `meds edit` says it (hostile round of issue 42 after G13: "changed" for nothing).
        guard reminder != before else {
            return context.print("unchanged: reminder \(OwnReminderText.line(reminder, clock: clock)) already")
        }
        try Self.refuseTwin(of: reminder, among: all)
        let replaced = try store.run { try $0.replaceOwnReminder(reminder, now: context.now) }
        reminder.since = context.now
        _ = try context.changing { replaced ? reminder : nil }
        let answered = try store.run { try $0.answeredOwnReminderDays(at: context.now) }
        let next = OwnReminderText.next(reminder, now: context.now, clock: clock, answeredDays: answered)
        context.print("changed reminder \(OwnReminderText.line(reminder, clock: clock)); \(next)")
    }
}

extension OwnReminderEdit {
    /// The repeat, time and reading of a fall-back night's hour given: the reading named anew
    /// by `--at`, else kept where the reminder's nights still have it.
    private func moveWhen(_ reminder: inout OwnReminderSchedule, now: Date, clock: WallClock) throws {
        let anyReading = at.map { $0.zoneName != nil } ?? (reminder.utcOffsetMinutes != nil)
        if let (repeated, time) = try repeats.resolved(
            at: at?.time, kept: reminder.time, anyReading: anyReading, now: now, clock: clock)
        {
            reminder.repeats = repeated
            reminder.time = time
        } else if let at {
            reminder.time = at.time
        }
        if let at {
            reminder.utcOffsetMinutes = try at.reading(for: reminder, now: now, clock: clock)
        } else {
            reminder.utcOffsetMinutes = RepeatedHourReading.kept(by: reminder, today: clock.date(of: now), clock: clock)
        }
        if at != nil || repeats.isGiven { try Self.refusePassed(reminder, now: now, clock: clock) }
    }

    /// A one-off moved by `--at` alone to a time already past would never be shown nor end
    /// (hostile round of issue 42): refused as `--on` with that day and time is.
    static func refusePassed(_ reminder: OwnReminderSchedule, now: Date, clock: WallClock) throws {
        guard case .on(let day) = reminder.repeats, reminder.dueAt(on: day, clock: clock).map({ $0 <= now }) ?? true
        else { return }
        throw CommandFailure(
            "--at \(RepeatedHourReading.told(reminder, clock: clock)) on \(day) has passed; give a time to come, or another day with --on",
            exitCode: 64)
    }

    /// An edit that makes a reminder another one (its text but for case or spaces, its repeat
    /// and time) is refused: both would ring. The text is not repeated: it may be private.
    static func refuseTwin(of reminder: OwnReminderSchedule, among all: [OwnReminderSchedule]) throws {
        let wanted = CalendarImport.Reminder(reminder)
        guard let twin = all.first(where: { $0.id != reminder.id && CalendarImport.Reminder($0).isSame(as: wanted) })
        else { return }
        throw CommandFailure(
            "reminder \(twin.id) is already that reminder (the same text, repeat and time); nothing changed; to keep one, nudge reminders delete \(reminder.id)",
            exitCode: 64)
    }
}

/// `nudge reminders delete ID`: asked first on a terminal; what it had queued is cancelled.
public struct OwnReminderDelete {
    public var id: Int64
    public var yes: Bool

    public init(id: Int64, yes: Bool) { (self.id, self.yes) = (id, yes) }

    public func run(_ context: CommandContext) throws {
        let store = try context.openStore()
        // One another program wrote in a shape nudge cannot read is deleted by its id too.
        guard try store.run({ try $0.ownReminderRowExists(id: id) }) else {
            throw try Self.missing(id, in: store, fix: "")
        }
        try context.delete("reminder \(id)", cannotBeUndone: true, yes: yes) {
            try store.run { try $0.deleteOwnReminder(id: id, now: context.now) }
        }
    }
}

extension OwnReminderDelete {
    /// Why a line naming reminder `id` would be refused now for naming none, or nil.
    public static func refusal(_ id: Int64, _ context: CommandContext) -> String? {
        FoundBeforeOffered.refusal(context) { store in
            guard try store.run({ try $0.ownReminderRowExists(id: id) }) else {
                throw try missing(id, in: store, fix: "")
            }
        }
    }

    /// No reminder of that id nudge can read: none at all, or one another program wrote in a
    /// shape nudge cannot read, which only its deletion mends. Both are a refusal of what was
    /// asked (exit 64, as `meds edit` of an unreadable row), not a damaged store (65).
    static func missing(_ id: Int64, in store: Store, fix: String) throws -> CommandFailure {
        guard try store.run({ try $0.ownReminderRowExists(id: id) }) else {
            return CommandFailure("no reminder \(id); nudge reminders lists them with their ids", exitCode: 64)
        }
        return CommandFailure(
            "reminder \(id) cannot be read (another program wrote it in a shape nudge does not take); \(fix.isEmpty ? "" : fix + ": ")nudge reminders delete \(id) --yes",
            exitCode: 64)
    }
}
