import ArgumentParser
import Foundation
import NudgeCommands
import NudgeCore
import NudgeReports
import NudgeStore

extension Nudge.Call {
    struct Remind: CheckedBeforeOffered {
        static let configuration = CommandConfiguration(abstract: "Be reminded to call someone in N days or on a day.")
        @OptionGroup var global: GlobalOptions
        @Argument(
            help: "The contact: its id, or a name that matches one contact.", completion: StoreCompletion.contactNames)
        var contact: String
        @Option(
            name: .customLong("in"), parsing: .unconditional, help: "In this many days (0-3650).",
            transform: WholeNumber.parser(0...3650))
        var inDays: Int?
        @Option(help: "On this day (today or later): \(GivenDay.acceptedFuture).", transform: TypedArguments.futureDay)
        var on: GivenDay?
        @Option(
            help:
                "At this local time (default: call.reminder_time), alone the next time it comes; or \(Nudge.Call.reminderAtHelp).",
            transform: TypedArguments.futureInstant)
        var at: GivenInstant?
        @Option(help: "What to show (at most 5000 characters).") var note: String?

        func validate() throws {
            guard inDays == nil || on == nil else {
                throw ValidationError("give --in DAYS or --on YYYY-MM-DD, not both")
            }
            guard inDays != nil || on != nil || at != nil else {
                throw ValidationError("give --in DAYS, --on YYYY-MM-DD or --at TIME (the next time it comes)")
            }
            try Nudge.Call.validate(at: at, withDay: inDays != nil || on != nil)
            if let inDays, !(0...3650).contains(inDays) {
                throw ValidationError("--in \(inDays) is out of range; give a number of days from 0 to 3650")
            }
            do { try CallInput.validate(notes: note, option: "--note") } catch {
                throw ValidationError(error.description)
            }
        }

        func run(_ context: CommandContext) throws {
            try refusePastDay(context)
            let store = try context.openStore()
            let found = try ContactNames.resolve(contact, in: store)
            let due = try dueAt(context, settings: try store.run { try $0.settings() })
            switch try store.run({
                try $0.addCallReminder(contactID: found.id, dueAt: due, note: note, now: context.now)
            }) {
            case .added(let id):
                context.print("will remind you to call \(found.name) \(context.when(due)) (reminder \(id))")
            case .exists(let open) where open.note == CallInput.note(note):
                // Exit 0: what was asked for is in place, as a second `mkdir -p` finds it.
                context.print(
                    "a reminder to call \(found.name) \(context.when(due)) already exists (reminder \(open.id)); nothing added"
                )
            case .exists(let open):
                // The note as typed (one typed to be shown, not private): the line runs as it is.
                let edit = ["call", "reminders", "edit", String(open.id), "--note", note ?? ""]
                let line = SuggestedLine.shown(edit + (global.store.map { ["--store", $0] } ?? []))
                throw CommandFailure(
                    "a reminder to call \(found.name) \(context.when(due)) already exists (reminder \(open.id)) with another note; nothing added; change its note with: \(line)",
                    exitCode: 64)
            }
        }

        /// Why this reminder would be refused now (its time has passed), as `run` decides it;
        /// the contact is `run`'s to find, and a store not read has the default reminder time.
        func refusal(_ context: CommandContext) -> String? {
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

        /// --at's time of day alone (`18:30`), which a day from --in or --on may go with.
        private var timeOfDay: LocalTime? { Nudge.Call.timeOfDay(at) }

        /// The day given (at --at, else call.reminder_time), the next --at, or --at with its day
        /// (`tomorrow 9am`); never the past.
        private func dueAt(_ context: CommandContext, settings: NudgeCore.Settings) throws -> Date {
            let clock = context.wallClock
            let today = clock.date(of: context.now)
            if let at, timeOfDay == nil { return try Nudge.Call.instantToCome(at, context) }
            if on == nil, inDays == nil, let time = timeOfDay,
                let next = InstantInput.occurrence(of: time, now: context.now, clock: clock, direction: .future)
            {
                return next
            }
            let day = on?.resolved(today: today, direction: .future) ?? today.adding(days: inDays ?? 0)
            let dayTime = timeOfDay ?? settings.time(.callReminderTime)
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
}
