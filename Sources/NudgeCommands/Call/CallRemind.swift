import Foundation
import NudgeCore
import NudgeReports
import NudgeStore

/// `nudge call remind`: a one-off reminder to call someone in N days, on a day, or at a time.
public struct CallRemind {
    /// The contact as typed: its id, or its whole name.
    public var contact: String
    public var inDays: Int?
    public var on: GivenDay?
    public var at: GivenInstant?
    public var note: String?

    public init(contact: String, inDays: Int?, on: GivenDay?, at: GivenInstant?, note: String?) {
        (self.contact, self.inDays, self.on, self.at, self.note) = (contact, inDays, on, at, note)
    }

    /// - Parameter shownLine: a command line's words (after `nudge`) as a refusal offers them
    ///   to copy.
    public func run(_ context: CommandContext, shownLine: ([String]) -> String) throws {
        try refusePastDay(context)
        let store = try context.openStore()
        let found = try ContactNames.resolve(contact, in: store)
        let due = try dueAt(context, settings: try store.run { try $0.settings() })
        switch try store.run({
            try $0.addCallReminder(contactID: found.id, dueAt: due, note: note, now: context.now)
        }) {
        case .added(let id):
            context.print("will remind you to call \(found.name) \(context.when(due)) (reminder \(id))")
        case .exists(let open) where CallInput.note(note) == nil || open.note == CallInput.note(note):
            // Exit 0: what was asked for is in place, as a second `mkdir -p` finds it; a note it
            // has stays, as no note was asked to go.
            let noted = open.note == nil || open.note == CallInput.note(note) ? "" : ", with its note"
            context.print(
                "a reminder to call \(found.name) \(context.when(due)) already exists (reminder \(open.id)\(noted)); nothing added"
            )
        case .exists(let open):
            throw CommandFailure(
                "a reminder to call \(found.name) \(context.when(due)) already exists (reminder \(open.id)) with another note; nothing added; \(noteLine(open, shownLine))",
                exitCode: 64)
        }
    }

    /// The line that gives the reminder the note typed, never one that loses the note it has
    /// (hostile round on issue 40, M5: `--note ''` was offered, erasing it): both notes kept,
    /// or, when both do not fit one note, the choice said. The notes are typed to be shown,
    /// not private: the line runs as it is.
    private func noteLine(_ open: OneOffCall, _ shownLine: ([String]) -> String) -> String {
        let typed = note ?? ""
        guard let kept = open.note else {
            return "change its note with: \(shownLine(["call", "reminders", "edit", String(open.id), "--note", typed]))"
        }
        let both = "\(kept); \(typed)"
        guard (try? CallInput.validate(notes: both, option: "--note")) != nil else {
            return
                "choose the note to keep: \(shownLine(["call", "reminders", "edit", String(open.id), "--note", "NOTE"]))"
        }
        return "keep both notes with: \(shownLine(["call", "reminders", "edit", String(open.id), "--note", both]))"
    }

    /// Why this reminder would be refused now (its time has passed), as `run` decides it;
    /// the contact is `run`'s to find, and a store not read has the default reminder time.
    public func refusal(_ context: CommandContext) -> String? {
        do {
            try refusePastDay(context)
            let settings = try? context.openStoreForReading().run { try $0.settings() }
            _ = try dueAt(context, settings: settings ?? NudgeCore.Settings())
            return nil
        } catch {
            return (error as? CommandFailure)?.message ?? String(describing: error)
        }
    }

    private func refusePastDay(_ context: CommandContext) throws {
        let today = context.wallClock.date(of: context.now)
        if let on = on?.resolved(today: today, direction: .future), on < today {
            throw CommandFailure("--on \(on) is in the past; give today (\(today)) or a later day", exitCode: 64)
        }
    }

    /// The day given (at --at, else call.reminder_time), the next --at, or --at with its day
    /// (`tomorrow 9am`); never the past.
    private func dueAt(_ context: CommandContext, settings: NudgeCore.Settings) throws -> Date {
        let clock = context.wallClock
        let today = clock.date(of: context.now)
        let timeOfDay = CallReminderTime.timeOfDay(at)
        let withDay = on != nil || inDays != nil
        if let at, timeOfDay == nil, !(withDay && CallReminderTime.isZonedTimeOfDay(at)) {
            return try CallReminderTime.instantToCome(at, context)
        }
        if on == nil, inDays == nil, let time = timeOfDay,
            let next = InstantInput.occurrence(of: time, now: context.now, clock: clock, direction: .future)
        {
            return next
        }
        let dayTime = timeOfDay ?? settings.time(.callReminderTime)
        let day =
            on.map { CallReminderTime.day($0, at: at, time: dayTime, context) } ?? today.adding(days: inDays ?? 0)
        if let due = try CallReminderTime.zoned(at, on: day, context) { return due }
        guard let due = clock.instant(on: day, at: dayTime) ?? clock.instant(on: day.adding(days: 1), at: dayTime),
            due <= Timestamp.latest
        else {
            throw CommandFailure(
                "\(day) at \(clock.text(dayTime)) cannot be given a time in this time zone; give another day",
                exitCode: 64)
        }
        guard due > context.now else {
            throw CommandFailure(
                "\(day) at \(clock.text(dayTime)) (\(context.understood(due))) has passed; give a later day, or --at a later time",
                exitCode: 64)
        }
        return due
    }
}
