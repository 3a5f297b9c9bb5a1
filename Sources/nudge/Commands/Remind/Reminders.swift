import ArgumentParser
import NudgeCommandLine
import NudgeCommands
import NudgeCore

extension Nudge {
    struct Reminders: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "reminders",
            abstract: "Your own reminders (nudge remind): list, edit and delete them.",
            shouldDisplay: false, subcommands: [List.self, Edit.self, Delete.self], defaultSubcommand: List.self)
    }
}

extension Nudge.Reminders {
    struct List: NudgeCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List your own reminders with their next time, soonest first; one past its last day as ended.")
        @OptionGroup var global: GlobalOptions
        @Flag(help: "Print one JSON array.") var json = false

        func run(_ context: CommandContext) throws {
            try context.print(OwnReminderListing.listing(context), json: json)
        }
    }

    struct Edit: CheckedBeforeOffered, NudgeCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit",
            abstract: "Change a reminder's text, repeat, time or end; what is not given stays.")
        @OptionGroup var global: GlobalOptions
        @Argument(
            help: "The reminder's id, as nudge reminders lists it.",
            transform: TypedArguments.rowID(listedBy: "nudge reminders")) var id: Int64
        @Option(help: "The new text (one line, at most 200 characters).") var text: String?
        @OptionGroup var repeats: ReminderRepeatOptions
        @Option(
            help:
                "The local time of day: 18:00 or 6pm; on a fall-back night, which of its two 01:30s with its zone's name: '01:30 EST'.",
            transform: TypedArguments.timeOfDay)
        var at: ReminderTimeOfDay?
        @OptionGroup var ends: ReminderEndOptions
        @Flag(help: "Repeat until deleted: take away its --until or --count.") var noEnd = false

        func validate() throws {
            guard repeats.within?.instant == nil || at == nil else {
                throw ValidationError("--in with hours or minutes is the time itself; give it or --at, not both")
            }
        }

        func refusal(_ context: CommandContext) -> String? { OwnReminderDelete.refusal(id, context) }

        func run(_ context: CommandContext) throws {
            try OwnReminderEdit(id: id, text: text, repeats: repeats.input, at: at, ends: ends.input(noEnd: noEnd)).run(
                context)
        }
    }

    struct Delete: CheckedBeforeOffered, NudgeCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete",
            abstract: "Delete a reminder; what it had queued is cancelled.")
        @OptionGroup var global: GlobalOptions
        @Argument(
            help: "The reminder's id, as nudge reminders lists it.",
            transform: TypedArguments.rowID(listedBy: "nudge reminders")) var id: Int64
        @Flag(help: "Delete without asking.") var yes = false

        func refusal(_ context: CommandContext) -> String? { OwnReminderDelete.refusal(id, context) }

        func run(_ context: CommandContext) throws {
            try OwnReminderDelete(id: id, yes: yes).run(context)
        }
    }
}
