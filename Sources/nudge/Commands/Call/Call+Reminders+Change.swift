import ArgumentParser
import Foundation
import NudgeCommands
import NudgeCore
import NudgeReports
import NudgeStore

extension Nudge.Call.Reminders {
    /// Moves a one-off reminder or changes its note; what is not given stays.
    struct Edit: NudgeCommand {
        static let configuration = CommandConfiguration(
            abstract: "Move a one-off call reminder to another day or time, or change its note.",
            discussion:
                "A moved reminder may get a new id (the confirmation says it); what it still had to show at its old time is cancelled."
        )
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The reminder's id, as nudge call reminders lists it.") var id: Int64
        @Option(
            name: .customLong("in"), parsing: .unconditional, help: "In this many days from today (0-3650).",
            transform: WholeNumber.parser(0...3650))
        var inDays: Int?
        @Option(help: "On this day (today or later): \(GivenDay.accepted).", transform: TypedArguments.day) var on:
            GivenDay?
        @Option(
            help:
                "At this local time (default: the time it had), on its day unless --in or --on; or \(Nudge.Call.reminderAtHelp).",
            transform: TypedArguments.futureInstant)
        var at: GivenInstant?
        @Option(help: "What to show (at most 5000 characters; '' removes it).") var note: String?

        func validate() throws {
            guard inDays == nil || on == nil else { throw ValidationError("give --in DAYS or --on DAY, not both") }
            try Nudge.Call.validate(at: at, withDay: inDays != nil || on != nil)
            guard inDays != nil || on != nil || at != nil || note != nil else {
                throw ValidationError("nothing to change; give --in, --on, --at or --note")
            }
            do { try CallInput.validate(notes: note, option: "--note") } catch {
                throw ValidationError(error.description)
            }
        }

        func run(_ context: CommandContext) throws {
            let store = try context.openStore()
            guard let open = try store.run({ try $0.openCallReminders() }).first(where: { $0.id == id }) else {
                throw Cancel.notOpen(id)
            }
            let due = try dueAt(moving: open, context)
            let newNote = note.map { $0.isEmpty ? nil : $0 } ?? open.note
            switch try store.run({ try $0.moveCallReminder(id, dueAt: due, note: newNote, now: context.now) }) {
            case .moved(.changed(let newID, let name)):
                context.print(
                    "will remind you to call \(TextInput.oneLine(name)) \(context.when(due)) (reminder \(newID)\(newID == id ? "" : ", was \(id)"))"
                )
            case .moved(.notOpen):
                throw Cancel.notOpen(id)
            case .sameMinute(let other):
                throw CommandFailure(
                    "reminder \(other.id) already reminds you to call \(TextInput.oneLine(other.name)) \(context.when(due)); nothing changed; cancel one with: nudge call reminders cancel ID",
                    exitCode: 64)
            }
        }

        /// --at with its day, else the day given (or the one it had) at --at's time (or the one it had).
        private func dueAt(moving open: OneOffCall, _ context: CommandContext) throws -> Date {
            if let at, Nudge.Call.timeOfDay(at) == nil { return try Nudge.Call.instantToCome(at, context) }
            let clock = context.wallClock
            let today = clock.date(of: context.now)
            let day =
                on?.resolved(today: today, direction: .future) ?? inDays.map(today.adding) ?? clock.date(of: open.dueAt)
            let local = clock.local(open.dueAt).secondsOfDay
            let time =
                Nudge.Call.timeOfDay(at) ?? LocalTime(hour: local / 3600, minute: local / 60 % 60) ?? LocalTime.midnight
            guard let due = clock.instant(on: day, at: time), due > context.now else {
                throw CommandFailure(
                    "\(day) at \(clock.text(time)) has passed or does not exist here; give a later day or time",
                    exitCode: 64)
            }
            return due
        }
    }

    struct Cancel: NudgeCommand {
        static let configuration = CommandConfiguration(
            abstract: "Cancel a one-off call reminder: it is not shown, and its notification is not shown again.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The reminder's id, as nudge call reminders lists it.") var id: Int64

        static func notOpen(_ id: Int64) -> CommandFailure {
            CommandFailure("no open call reminder has id \(id); nudge call reminders lists them", exitCode: 64)
        }

        func run(_ context: CommandContext) throws {
            switch try context.openStore().run({ try $0.cancelCallReminder(id, now: context.now) }) {
            case .changed(_, let name):
                context.print("cancelled the reminder to call \(TextInput.oneLine(name)) (reminder \(id))")
            case .notOpen:
                throw Self.notOpen(id)
            }
        }
    }
}
