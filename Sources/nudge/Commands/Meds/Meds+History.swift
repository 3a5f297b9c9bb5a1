import ArgumentParser
import NudgeCommandLine
import NudgeCommands

extension Nudge.Meds {
    struct History: NudgeCommand {
        static let configuration = CommandConfiguration(
            commandName: "history",
            abstract: "List the last days' medications: taken, late, skipped or missed, by day.",
            discussion: """
                Each dose of a medication taken by day (nudge meds add) that has come due or was taken early, with what became of it: taken (before its first repeat), taken late (by how much), skipped, missed (unanswered through its repeats), or not answered yet; and every other entry in DoseTap's medication_events, as not scheduled. Each dose is read by the schedule in effect when it came due: meds add, edit and remove keep each version, so an edit or a removal leaves the days before it as they were; the reminders follow today's schedule. An entry takes the dose being reminded (never a later one while an earlier is open), else the first due within the hour ahead, else the latest due until an hour before the next; no dose before the medication was added. An entry is read by the clock it was taken by (its recorded offset), so a zone change leaves doses answered. Entries and recorded skips that cannot be read are counted on stderr; a dose that is no number, or a negative one, is listed as unreadable. A dose at a time the spring-forward skips is listed at the instant it was due: 03:00 (02:15 skipped by the clock change); on the fall-back night a time the clock read twice names its zone: 01:30 EDT, taken at 01:10 EST, 40m late. On the day of a meds edit, a dose it moved is listed once: at its old time if it was taken, skipped or recorded before the edit, else at its new time.
                """)
        @OptionGroup var global: GlobalOptions
        @Option(
            help: "The last N days, today included (1-366; default 7).",
            transform: WholeNumber.days(MedicationHistoryListing.dayCounts))
        var days: Int?
        @Flag(help: "Print one JSON array.") var json = false

        func run(_ context: CommandContext) throws {
            try context.print(MedicationHistoryListing.listing(days: days, context), json: json)
        }
    }
}
