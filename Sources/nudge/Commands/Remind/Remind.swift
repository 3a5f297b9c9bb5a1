import ArgumentParser
import NudgeCommandLine
import NudgeCommands
import NudgeCore

extension Nudge {
    /// `nudge remind TEXT`; `nudge reminders` lists, edits and deletes them. The screen help
    /// gives the two one line, this one's: it names the other.
    struct Remind: CheckedBeforeOffered, NudgeCommand {
        static let configuration = CommandConfiguration(
            commandName: "remind",
            abstract: "Your own reminder at a time: nudge reminders lists and edits them.",
            discussion: """
                Give one of --every (a number of days: Done counts them again from the day it is done), --daily (--every 1d), --on (once), --weekly (weekdays) or --monthly (a day of the month: 29 to 31 is a shorter month's last day), and --at; or --in alone for once, that long from now (--in 2h; at the first whole minute at or after it, never sooner), or --in days and --at (--in 3d --at 9). A repeating one repeats until deleted, or until its last day: --until a day, or --count N (the day of its Nth time from now; kept as that day). Past it, nudge reminders lists it as ended and it is never shown. The notification is titled with TEXT and offers Done, Snooze 1 hour and Skip; it waits for Do Not Disturb to end (reminder.during_do_not_disturb).

                --import FILE.ics adds a reminder for each event or to-do of an iCalendar file that has an alarm, at its earliest alarm's minute: once, or repeating as its RRULE (DAILY with an INTERVAL, WEEKLY with BYDAY, MONTHLY with BYMONTHDAY), until the day of its last time by its COUNT or UNTIL. It says how many of the others it left out and why: a repeat with exceptions (EXDATE), an alarm passed (a repeat that has ended too), a zone (TZID) nudge cannot resolve, a repeat whose alarm is at another time on your clock on some days (its zone changes its clock on other days than yours, or never). One already there (the same text, repeat and time) is not added again. A file that is not iCalendar, not a regular file, over 10 MB, with a line over 1 MB or more than 1000 events is refused, and nothing is added.
                """)
        @OptionGroup var global: GlobalOptions
        @Argument(help: "What to be reminded of: the notification's title (one line, at most 200 characters).")
        var text: String?
        @OptionGroup var repeats: ReminderRepeatOptions
        @Option(
            help:
                "The local time of day: 18:00 or 6pm; on a fall-back night, which of its two 01:30s with its zone's name: '01:30 EST'.",
            transform: TypedArguments.timeOfDay)
        var at: ReminderTimeOfDay?
        @OptionGroup var ends: ReminderEndOptions
        @Option(name: .customLong("import"), help: "Add the events with an alarm of an iCalendar (.ics) file instead.")
        var importFile: String?

        func validate() throws {
            if importFile != nil {
                guard text == nil, at == nil, !repeats.input.isGiven, !ends.input().isGiven else {
                    throw ValidationError("--import takes its texts and times from the file; give it alone")
                }
                return
            }
            guard text != nil else { throw ValidationError("give the reminder's TEXT, or --import FILE.ics") }
            guard at != nil || repeats.within != nil else {
                throw ValidationError(
                    "give --at, the local time of day: --at 18:00; or --in 2h for once, 2 hours from now")
            }
            guard repeats.within?.instant == nil || at == nil else {
                throw ValidationError("--in with hours or minutes is the time itself; give it or --at, not both")
            }
        }

        /// A line offered for `reminders add Water --at 9` names when it repeats, as the add
        /// asks (hostile round of issue 40 after A14, Medium 2).
        func refusal(_ context: CommandContext) -> String? {
            guard importFile == nil, let text else { return nil }
            return OwnReminderAdd(text: text, repeats: repeats.input, at: at, ends: ends.input()).refusal(context)
        }

        func run(_ context: CommandContext) throws {
            if let importFile { return try OwnReminderImport(path: importFile).run(context) }
            guard let text else { return }
            try OwnReminderAdd(text: text, repeats: repeats.input, at: at, ends: ends.input()).run(context)
        }
    }
}

/// `--every`, `--daily`, `--on`, `--in`, `--weekly`, `--monthly`: how a reminder repeats, one of them.
struct ReminderRepeatOptions: ParsableArguments {
    @Option(help: "Every N days: 3d, 2w, 1 week (1-3650 days).") var every: String?
    @Flag(help: "Every day: --every 1d.") var daily = false
    @Option(help: "Once, on this day: \(GivenDay.acceptedAtTime).", transform: TypedArguments.futureDay)
    var on: GivenDay?
    @Option(
        name: .customLong("in"), parsing: .unconditional,
        help: "Once, this far from now: hours and minutes (2h, 90 min) without --at, or days (3d, 1 week) at --at.",
        transform: TypedArguments.spanAhead)
    var within: SpanAhead?
    @Option(help: "On these weekdays: mon,thu, a range such as mon-fri, or daily.") var weekly: String?
    @Option(help: "On this day of each month (1-31; a shorter month's last day for 29-31).") var monthly: String?

    var input: OwnReminderRepeatInput {
        OwnReminderRepeatInput(every: every, daily: daily, on: on, within: within, weekly: weekly, monthly: monthly)
    }
}

/// `--until`, `--count`: when a repeating reminder ends, one of them.
struct ReminderEndOptions: ParsableArguments {
    @Option(help: "Its last day: \(GivenDay.acceptedFuture).", transform: TypedArguments.futureDay)
    var until: GivenDay?
    @Option(
        help: "How many times it comes from now (1-1000): its last day is the last of them.",
        transform: WholeNumber.parser(1...1000))
    var count: Int?

    func input(noEnd: Bool = false) -> OwnReminderEndInput {
        OwnReminderEndInput(until: until, count: count, noEnd: noEnd)
    }
}
