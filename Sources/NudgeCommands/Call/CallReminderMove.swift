import Foundation
import NudgeCore
import NudgeReports
import NudgeStore

/// `nudge call reminders edit`: a one-off reminder moved, or its note changed; what is not
/// given stays.
public struct CallReminderMove {
    /// The reminder's id, as nudge call reminders lists it.
    public var id: Int64
    public var inDays: Int?
    public var on: GivenDay?
    public var at: GivenInstant?
    /// The new note; '' removes it.
    public var note: String?

    public init(id: Int64, inDays: Int?, on: GivenDay?, at: GivenInstant?, note: String?) {
        (self.id, self.inDays, self.on, self.at, self.note) = (id, inDays, on, at, note)
    }

    /// Why this line would be refused now for naming no open reminder, or nil.
    public func refusal(_ context: CommandContext) -> String? { CallReminderCancel.notOpenRefusal(id, context) }

    public func run(_ context: CommandContext) throws {
        let store = try context.openStore()
        guard let open = try store.run({ try $0.openCallReminders() }).first(where: { $0.id == id }) else {
            throw CallReminderCancel.notOpen(id)
        }
        let due = try dueAt(moving: open, context)
        let newNote = note.map { $0.isEmpty ? nil : $0 } ?? open.note
        switch try store.run({ try $0.moveCallReminder(id, dueAt: due, note: newNote, now: context.now) }) {
        case .moved(.changed(let id, let name)):
            context.print("will remind you to call \(TextInput.oneLine(name)) \(context.when(due)) (reminder \(id))")
        case .moved(.notOpen):
            throw CallReminderCancel.notOpen(id)
        case .sameMinute(let other):
            throw CommandFailure(
                "reminder \(other.id) already reminds you to call \(TextInput.oneLine(other.name)) \(context.when(due)); nothing changed; cancel one with: nudge call reminders cancel ID",
                exitCode: 64)
        }
    }

    /// --at with its day, else the day given (or the one it had) at --at's time (or the one it had).
    private func dueAt(moving open: OneOffCall, _ context: CommandContext) throws -> Date {
        let withDay = on != nil || inDays != nil
        if let at, CallReminderTime.timeOfDay(at) == nil, !(withDay && CallReminderTime.isZonedTimeOfDay(at)) {
            return try CallReminderTime.instantToCome(at, context)
        }
        let clock = context.wallClock
        let today = clock.date(of: context.now)
        let local = clock.local(open.dueAt).secondsOfDay
        let time =
            CallReminderTime.timeOfDay(at) ?? LocalTime(hour: local / 3600, minute: local / 60 % 60)
            ?? LocalTime.midnight
        let day =
            on.map { CallReminderTime.day($0, at: at, time: time, context) } ?? inDays.map(today.adding)
            ?? clock.date(of: open.dueAt)
        if let due = try CallReminderTime.zoned(at, on: day, context) { return due }
        guard let due = clock.instant(on: day, at: time), due > context.now else {
            throw CommandFailure(
                "\(day) at \(clock.text(time)) has passed or does not exist here; give a later day or time",
                exitCode: 64)
        }
        return due
    }
}
