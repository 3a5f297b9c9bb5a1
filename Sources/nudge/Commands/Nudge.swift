import ArgumentParser
import CNudgeLinux
import Foundation
import NudgeCommandLine
import NudgeCommands
import NudgeCore
import NudgeReports

@main
struct Nudge: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nudge",
        abstract: "Reminders and notifications for the Linux desktop, from one shared SQLite store.",
        discussion: """
            The daemon shows the end-of-day symptom check at symptom.reminder_time and records the answers in the store. Other commands read and change the same store; a running daemon follows every change within a second.

            Call reminders come every N days since the last call with a contact (nudge contacts, nudge call), and for one-off "call X on day D".

            The dose-2 window (DoseTap) is followed from dose 1 until dose 2 is taken or skipped; answers are recorded exactly as DoseTap records them.

            The meditation timer (SerenitySpark): nudge meditate starts a session and the daemon rings its start, interval and end bells at their instants and keeps the history and streaks (nudge meditations).

            The therapy-session journal: nudge journal keeps sessions and reflections; the daemon asks for the mood after a session and invites reflections in the days after, typed into the notification where the server allows it. Its texts never leave the store: no notification, log line or error message carries them.

            The store is backed up by the daemon once a day, checked, and thinned (nudge backup, nudge backups, nudge restore); nudge doctor says what is set up and what is not.

            Lateness: a symptom check is shown at most 4 hours late and only the same local day; later than that it is recorded as missed. Dose alerts missed while the daemon was off are not replayed: one notification shows the present state. Nothing is recorded by the passage of time: half an hour after the window closes with nothing recorded, one silent prompt asks (its answer "missed" records the skip). A call reminder is shown once however late.

            The store and its settings keys: nudge(5).
            """,
        version: NudgeVersion.shown,
        subcommands: [
            Daemon.self, Settings.self, Dose.self, Call.self, Contacts.self, Log.self, Symptoms.self, Meditate.self,
            Meditations.self, Journal.self, Meds.self, Remind.self, Reminders.self, Upcoming.self, History.self,
            Ack.self, Backup.self, Backups.self,
            Restore.self, Doctor.self,
        ]
    )

    static func main() {
        // Before any thread starts (GLib's start with the first command's work). nudge's threads
        // allocate little: from one arena, trimmed after every plan, a daemon that has rung
        // keeps 0.4 to 0.6 MB less (contrib/bench/results/README.md).
        nudge_use_one_malloc_arena()
        do {
            Foundation.exit(execute(try CommandLineText.arguments()))
        } catch {
            Foundation.exit(execute(failure: error, arguments: []))
        }
    }

    /// Runs one command line in this process with `CommandEnvironment.current`, and returns
    /// its exit status. Errors are one line on stderr; usage errors exit 64 (EX_USAGE) and
    /// touch nothing.
    static func execute(_ arguments: [String]) -> Int32 {
        // Widths count what the terminal shows: `…` is three columns in Latin-1's `...`.
        DisplayWidth.$codeset.withValue(CommandEnvironment.current.terminalCodeset) { executeMeasured(arguments) }
    }

    private static func executeMeasured(_ arguments: [String]) -> Int32 {
        CommandTree.use(Nudge.self)
        let typed = arguments
        do {
            let arguments = DashedValue.joined(
                GlobalOptions.movingLeadingStore(CompletionRequest.withCursorIndex(arguments)[...]))
            if ScreenHelp.isAsked(arguments) {
                CommandEnvironment.current.output(ScreenHelp.text(width: CommandEnvironment.current.width))
                return 0
            }
            if let daemon = DaemonLine.parsed(arguments) {
                try daemon.run()
                return 0
            }
            if arguments.first != "---completion", let refusal = CommandLineCheck.refusal(arguments) {
                throw CommandFailure(GlobalOptions.keepingLeadingStore(refusal, typed: typed), exitCode: 64)
            }
            var command = try parseAsRoot(arguments)
            try command.run()
            return 0
        } catch {
            return execute(failure: error, arguments: arguments)
        }
    }

    private static func execute(failure error: any Error, arguments: [String]) -> Int32 {
        let environment = CommandEnvironment.current
        switch error {
        case let code as ExitCode:
            // The command already said what it had to (nudge doctor's report).
            return code.rawValue
        case let failure as CommandFailure:
            environment.errors("nudge: \(shown(failure.message, arguments: arguments))\n")
            return failure.exitCode
        case let refusal as UsageRefusal:
            return execute(failure: ValidationError(refusal.message), arguments: arguments)
        case let refusal as InputError:
            // What was typed, refused against now and the zone in run(_:): nothing was written.
            environment.errors("nudge: \(shown(refusal.description, arguments: arguments))\n")
            return ExitCode.validationFailure.rawValue
        default:
            // Help laid out at 40 columns at least, and told from an error by its text:
            // ArgumentParser's exitCode(for:) lays help out at the process's COLUMNS, and under 28
            // (its options' text column) stops the process (issue 40: COLUMNS=20 crashed).
            let message = fullMessage(for: error, columns: max(environment.width, 40))
            let code = message.isEmpty || message.hasPrefix(Nudge._errorPrefix) ? exitCode(for: error) : .success
            guard code != .success else {
                // Help, the version, a completion script: asked for, printed, success. Help is as
                // wide as a table would be (`HelpText.fitted`). A help dump and a completion
                // script are for programs: whole lines, never wrapped.
                let forPrograms = arguments.contains {
                    $0.hasPrefix("--experimental") || $0.hasPrefix("--generate-completion-script")
                }
                let text = CompletionScript.adjusted(
                    forPrograms ? message : HelpText.fitted(message, width: environment.width), arguments: arguments)
                if !text.isEmpty { environment.output(text + "\n") }
                return 0
            }
            var text = CommandLineText.oneLine(CommandLineText.shortenedQuotes(Nudge.message(for: error)))
            if let missing = MissingWord.refusal(for: text, arguments: arguments) { text = missing }
            if let hint = CommandLineText.hint(for: text, arguments: arguments) { text += "; " + hint }
            environment.errors("nudge: \(shown(text, arguments: arguments))\n")
            return code.rawValue
        }
    }

    /// A refusal as a person sees it: the journal's words not repeated, every other quoted word
    /// at most 80 characters, and the whole on one line: a path or name with a newline or a
    /// terminal control in it (a folder named so) never forges a line or moves the cursor.
    private static func shown(_ message: String, arguments: [String]) -> String {
        TextInput.oneLine(CommandLineText.shortenedQuotes(JournalRefusal.shown(message, arguments: arguments)))
    }
}
