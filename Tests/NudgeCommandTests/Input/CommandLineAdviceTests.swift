import Foundation
import NudgeTestSupport
import Testing

/// Unknown words get a suggestion, a repeated option is refused rather than the last one kept,
/// and what a refusal repeats stays on one line and short: each a one-line refusal (exit 64)
/// that changes nothing.
@Suite struct CommandLineAdviceTests: CommandScenario {
    let directory = TemporaryDirectory()

    @Test(arguments: [
        (["symptom"], "nudge has no command 'symptom'; did you mean: nudge symptoms"),
        (["contacts", "lst"], "nudge contacts has no command 'lst'; did you mean: nudge contacts list"),
        (["dose", "statsu"], "did you mean: nudge dose status"),
        // Nearer in meaning than `meditations` is in spelling (issue 40, ninth round).
        (["medications", "list"], "nudge has no command 'medications'; did you mean: nudge meds list"),
        (["medication"], "nudge has no command 'medication'; did you mean meds?"),
        (["frobnicate"], "nudge has no command 'frobnicate'; it has daemon, settings,"),
        (["--frobnicate"], "nudge takes no option '--frobnicate'; it takes only --help and --version"),
        (["log", "headache", "3"], "did you mean: nudge log symptom headache --severity 3"),
        (
            ["upcoming", "--yes"],
            "nudge upcoming takes no option '--yes'; it takes --format, --days, --limit, --output, --store, --json, --verbose and --from"
        ),
        (
            ["log", "symptom", "Itch", "-s", "3"],
            "nudge log symptom takes no option '-s'; it takes --confirm-duplicate, --store, --severity,"
        ),
        (
            ["settings", "set", "reminder_time", "9pm"],
            "did you mean symptom.reminder_time, call.reminder_time or meditation.reminder_time?"
        ),
        (["settings", "get", "dose.max_snoze"], "did you mean dose.max_snoozes?"),
        (
            ["symptoms", "delete", "ab", "--yes"],
            "'ab' is too short to name a symptom entry; give at least 4 characters"
        ),
        (["log", "symptom", "Itch", "--severity", "2", "--severity", "5"], "--severity is given twice; give it once"),
        (["symptoms", "--date=today", "--date", "yesterday"], "--date is given twice; give it once"),
        (["upcoming", "--store", "/nonexistent/other.sqlite"], "--store is given twice; give it once"),
        (["journal", "add", "--type", "oral", "--music", "a", "--music", "b"], "--music is given twice; give it once"),
        (["settings", "set", "a\nb", "1"], #"unknown settings key 'a\nb'"#),
        (
            ["symptoms", "export", "--output", "/tmp/report.pdf"],
            "nudge writes no PDF; give an --output ending in .html and print"
        ),
        (
            ["symptoms", "export", "--output", "/tmp/diary.xlsx"],
            "give an --output ending in .csv, which spreadsheets open"
        ),
        (
            ["symptoms", "export", "--format", "csv", "--output", "/tmp/diary.html"],
            "--format csv does not match --output's .html"
        ),
        (["journal", "export", "--output", "/tmp/journal.csv"], "this export has no csv form"),
    ])
    func refusesWithAdvice(arguments: [String], message: String) throws {
        try expectRefusal(arguments, mentioning: message)
    }

    /// The verbs people reach for from other programs: the whole line, word for word, with the
    /// store it was given (a line without it would run on another store; help reads none).
    @Test(arguments: [
        (["settings", "show"], "nudge: nudge settings has no command 'show'; did you mean: nudge settings list\n"),
        (
            ["settings", "show", "symptom.reminder_time"],
            "nudge: nudge settings has no command 'show'; did you mean: nudge settings get symptom.reminder_time\n"
        ),
        (
            ["contacts", "show", "Sam"],
            "nudge: nudge contacts has no command 'show'; did you mean: nudge contacts list\n"
        ),
        (
            ["contacts", "view", "Sam"],
            "nudge: nudge contacts has no command 'view'; did you mean: nudge contacts list\n"
        ),
        (
            ["symptoms", "view", "abcd"],
            "nudge: nudge symptoms has no command 'view'; did you mean: nudge symptoms list\n"
        ),
        (
            ["call", "reminders", "show", "3"],
            "nudge: nudge call reminders has no command 'show'; did you mean: nudge call reminders list\n"
        ),
        (
            ["journal", "view", "410d"],
            "nudge: nudge journal has no command 'view'; did you mean: nudge journal show 410d\n"
        ),
        (
            ["contacts", "show", "Sam", "--json"],
            "nudge: nudge contacts has no command 'show'; did you mean: nudge contacts list --json\n"
        ),
        (
            ["journal", "new", "--type", "oral"],
            "nudge: nudge journal has no command 'new'; did you mean: nudge journal add --type oral\n"
        ),
        (["--hepl"], "nudge: nudge takes no option '--hepl'; did you mean: nudge --help\n"),
        (
            ["upcoming", "--jsno"],
            "nudge: nudge upcoming takes no option '--jsno'; did you mean: nudge upcoming --json\n"
        ),
        (["help"], "nudge: nudge has no command 'help'; did you mean: nudge --help\n"),
        (["help", "backup"], "nudge: nudge has no command 'help'; did you mean: nudge backup --help\n"),
        (["call", "help", "log"], "nudge: nudge call has no command 'help'; did you mean: nudge call log --help\n"),
        (
            ["log", "symptom", "joint", "pain", "3"],
            "nudge: nudge log symptom takes one NAME, in quotes when it has several words; did you mean: nudge log symptom 'joint pain' --severity 3\n"
        ),
        (
            ["log", "symptom", "joint", "pain", "--severity", "3", "--notes", "left knee"],
            "nudge: nudge log symptom takes one NAME, in quotes when it has several words; did you mean: nudge log symptom 'joint pain' --severity 3 --notes TEXT\n"
        ),
    ])
    func aWrongVerbGetsTheCommandMeant(arguments: [String], line: String) throws {
        try StoreQuery.create(store)
        let result = try InProcessNudge.expectRefusal(
            arguments, store: store, environment: environment, mentioning: "did you mean")
        #expect(result.stderr == (arguments.contains("help") ? line : line.dropLast() + " --store \(store)\n"))
    }

    /// A hint is about the command typed: a missing value is not advice about values that begin
    /// with '-', and a command that takes no argument gets no example from another command.
    @Test(arguments: [
        (["log", "symptom", "Itch", "--store", "STORE", "--severity"], "--severity is given no value"),
        (["daemon", "--store", "STORE", "-v"], "nudge daemon takes no option '-v'"),
        (["upcoming", "--store", "STORE", "-x"], "nudge upcoming takes no option '-x'"),
    ])
    func aHintIsAboutTheCommandTyped(arguments: [String], line: String) throws {
        try StoreQuery.create(store)
        // The option without its value is the last word: the store is given before it.
        let result = InProcessNudge.run(arguments.map { $0 == "STORE" ? store : $0 }, environment: environment)
        #expect(result.status == 64 && result.stderr.hasPrefix("nudge: ") && result.stderr.contains(line), "\(result)")
        #expect(!result.stderr.contains("begins with '-'"), "\(result.stderr)")
        #expect(!result.stderr.contains("dizzy"), "\(result.stderr)")
    }

    /// The closed sets' values are keywords, taken in any case (and md for markdown).
    @Test func aKeywordIsTakenInAnyCase() throws {
        #expect(nudge("journal", "add", "--type", "Oral").status == 0)
        #expect(nudge("contacts", "add", "Sam").status == 0)
        #expect(nudge("call", "log", "Sam", "--mood", "Happy").status == 0)
        #expect(nudge("symptoms", "export", "--format", "MD").stdout.hasPrefix("# "))
        #expect(nudge("symptoms", "export", "--format", "md").stdout.hasPrefix("# "))
        #expect(nudge("journal", "export", "--format", "JSON").stdout.hasPrefix("["))
        let types = try StoreQuery.rows(store, "SELECT treatment_type FROM therapy_sessions").map {
            $0["treatment_type"]
        }
        #expect(types == ["oral"])
        let moods = try StoreQuery.rows(store, "SELECT emotional_state FROM call_logs").map { $0["emotional_state"] }
        #expect(moods == ["happy"])
    }

    /// A pasted page is not echoed back whole: 80 characters of it, then an ellipsis.
    @Test func aLongArgumentIsCutAt80Characters() throws {
        let typed = String(repeating: "k", count: 300)
        try StoreQuery.create(store)
        let result = try InProcessNudge.expectRefusal(
            ["settings", "set", typed, "1"], store: store, environment: environment,
            mentioning: "'\(String(repeating: "k", count: 80))…'")
        #expect(!result.stderr.contains(String(repeating: "k", count: 81)))
    }

    /// What is right still goes through: an option of a default subcommand, a value that begins
    /// with '-' after '--', and a negative number as a value.
    @Test func whatIsRightGoesThrough() throws {
        #expect(nudge("symptoms", "--date", "today").status == 0)
        #expect(
            InProcessNudge.run(
                ["--store", store, "log", "symptom", "--severity", "3", "--", "-dizzy"], environment: environment
            ).status == 0)
        #expect(nudge("meditations", "--calendar", "--year", "2026").status == 0)
        #expect(nudge("upcoming", "--help").status == 0)
    }

    /// `nudge --help` is one screen at 80 columns: the overview, USAGE, a line a command (two
    /// where an abstract is wider), where the rest is.
    @Test(arguments: [["--help"], ["-h"], []])
    func theHelpFitsOneScreen(arguments: [String]) {
        let help = nudge(arguments)
        let lines = help.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(help.status == 0 && help.stdout == Self.screen, "\(help)")
        #expect(lines.count <= 24 && lines.allSatisfy { $0.count <= 80 }, "\(lines.count) lines")
    }

    static let screen = """
        Reminders and notifications for the Linux desktop, from one shared SQLite store.

        USAGE: nudge <command> [<options>]; <command> is one of:
          daemon       Run the reminder daemon in the foreground
          settings     Show or change reminder settings
          dose         Record doses, snoozes and skips, as the buttons and DoseTap do
          call         Log calls and ask to be reminded of one
          contacts     Add, list, edit and remove contacts, people to stay in touch with
          log          Record something in the store
          symptoms     Read, correct and export the symptom diary, for a doctor
          meditate     Meditate: the daemon rings the bells, and records the session
          meditations  The meditation history: sessions by day, totals and streaks
          journal      The therapy-session journal: sessions, moods and reflections
          meds         Medications by day, recorded where DoseTap reads them
          remind       Your own reminder at a time: nudge reminders lists and edits them
          upcoming     List what is due next, soonest first
          history      List what was shown and how it was answered, newest first
          ack          Answer a notification from the terminal, as its button would
          backup       Back the store up now, checked, into the backup directory or a
                       file
          backups      List the store's backups, newest first, each checked and counted
          restore      Put a backup in place of the store, keeping the store as it was
          doctor       Check what notifications need: bus, server, store, zone, daemon
        'nudge <command> --help' for its options, 'man nudge' for examples and more.

        """

    /// `contacts delete Sam` where Sam has a logged call: the line offered is one that is taken,
    /// `contacts remove Sam --delete-calls` (issue 40, hostile round: `contacts remove Sam` was
    /// offered, and refused for the calls it would leave).
    @Test func aDeletionIsOfferedWithWhatMakesItGoThrough() throws {
        #expect(nudge("contacts", "add", "Sam").status == 0)
        try InProcessNudge.expectRefusal(
            ["contacts", "delete", "Sam"], store: store, environment: environment,
            mentioning:
                "nudge: nudge contacts has no command 'delete'; did you mean: nudge contacts remove Sam --store \(store)\n"
        )
        #expect(nudge("call", "log", "Sam").status == 0)
        try InProcessNudge.expectRefusal(
            ["contacts", "delete", "Sam"], store: store, environment: environment,
            mentioning: "did you mean: nudge contacts remove Sam --delete-calls --store \(store)\n")
    }
}
