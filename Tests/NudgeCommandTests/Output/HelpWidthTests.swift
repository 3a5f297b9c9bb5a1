import ArgumentParser
import Foundation
import NudgeReports
import NudgeTestSupport
import Testing

@testable import nudge

/// `--help` as a newcomer reads it: in the terminal's width (COLUMNS, else the terminal's, else
/// 80, as tables), nothing cut or doubled, and no pointer to a command nudge refuses.
@Suite struct HelpWidthTests: CommandScenario {
    let directory = TemporaryDirectory()

    func help(_ arguments: [String], width: Int) -> String {
        let result = InProcessNudge.run(
            arguments + ["--help"], environment: environment.merging(["COLUMNS": "\(width)"]) { $1 })
        #expect(result.status == 0 && result.stderr.isEmpty, "\(arguments): \(result)")
        return result.stdout
    }

    /// Every command's help, the screen and each subcommand's, in the width, and nothing cut
    /// with "…" or lost: a narrow screen's abstracts are wrapped, and a word wider than its
    /// column (`$XDG_DATA_HOME/nudge).`, `dose.snooze_duration_minutes`) goes on a line of its own.
    @Test(arguments: [20, 40, 60, 80, 120])
    func everyHelpFitsTheWidth(width: Int) {
        let characters = { (text: String) in text.filter { !$0.isWhitespace } }
        for command in Self.commands(Nudge.self, path: []) {
            let text = help(command, width: width)
            for line in text.split(separator: "\n") {
                #expect(DisplayWidth.of(String(line)) <= width, "\(command) at \(width): \(line)")
                #expect(!line.contains("…"), "\(command) at \(width): \(line)")
            }
            // The screen too says the same at every width: an abstract wraps, never shortened.
            #expect(characters(text) == characters(help(command, width: 1000)), "\(command) at \(width)")
        }
    }

    /// At 50 columns nothing is cut either, and USAGE's options stay in the width.
    @Test func atFiftyColumnsNothingIsCut() {
        for command in Self.commands(Nudge.self, path: []) {
            let text = help(command, width: 50)
            #expect(!text.contains("…"), "\(command): \(text)")
            let usage = text.split(separator: "\n", omittingEmptySubsequences: false).drop { !$0.hasPrefix("USAGE:") }
                .prefix { !$0.isEmpty }
            #expect(usage.allSatisfy { DisplayWidth.of(String($0)) <= 50 }, "\(command): \(usage)")
        }
    }

    /// At 50 columns an abstract too wide for its line goes on under itself, whole words, and
    /// whole: nothing of it is left out where the screen is narrow.
    @Test func theScreenAtFiftyColumnsWrapsItsAbstracts() {
        let commands = help([], width: 50).split(separator: "\n", omittingEmptySubsequences: false).drop {
            !$0.hasPrefix("  daemon")
        }
        .prefix { !$0.isEmpty && !$0.hasPrefix("'nudge") }
        #expect(
            commands.joined(separator: "\n") == """
                  daemon       Run the reminder daemon in the
                               foreground
                  settings     Show or change reminder settings
                  dose         Record doses, snoozes and skips, as
                               the buttons and DoseTap do
                  call         Log calls and ask to be reminded of
                               one
                  contacts     Add, list, edit and remove
                               contacts, people to stay in touch
                               with
                  log          Record something in the store
                  symptoms     Read, correct and export the
                               symptom diary, for a doctor
                  meditate     Meditate: the daemon rings the
                               bells, and records the session
                  meditations  The meditation history: sessions by
                               day, totals and streaks
                  journal      The therapy-session journal:
                               sessions, moods and reflections
                  meds         Medications by day, recorded where
                               DoseTap reads them
                  remind       Your own reminder at a time: nudge
                               reminders lists and edits them
                  upcoming     List what is due next, soonest
                               first
                  history      List what was shown and how it was
                               answered, newest first
                  ack          Answer a notification from the
                               terminal, as its button would
                  backup       Back the store up now, checked,
                               into the backup directory or a file
                  backups      List the store's backups, newest
                               first, each checked and counted
                  restore      Put a backup in place of the store,
                               keeping the store as it was
                  doctor       Check what notifications need: bus,
                               server, store, zone, daemon
                """)
    }

    /// ArgumentParser never wraps USAGE (219 columns for journal add): broken between options,
    /// under the first.
    @Test func aLongUsageIsBrokenBetweenOptions() {
        let usage = help(["journal", "add"], width: 60).split(separator: "\n", omittingEmptySubsequences: false).drop {
            !$0.hasPrefix("USAGE:")
        }
        .prefix { !$0.isEmpty }
        #expect(
            usage.joined(separator: "\n") == """
                USAGE: nudge journal add [--store <path>] [--type <type>]
                                         [--at <at>] [--dose <dose>]
                                         [--intentions <intentions>]
                                         [--environment <environment>]
                                         [--music <music>]
                                         [--mood-before <mood-before>]
                                         [--mood-after <mood-after>]
                """)
    }

    /// ArgumentParser's "See 'nudge help call <subcommand>'" names a command nudge refuses.
    @Test func aGroupPointsToItsSubcommandsHelp() {
        let text = help(["call"], width: 80)
        #expect(text.hasSuffix("\n  See 'nudge call <subcommand> --help' for its options.\n"), "\(text)")
        #expect(!text.contains("nudge help"))
        #expect(nudge("call", "log", "--help").status == 0)
    }

    /// Any case is a level; anything else is refused on one line naming the option and the levels.
    @Test func theLogLevelIsTakenInAnyCase() throws {
        #expect(try Nudge.Daemon.level("INFO") == .info && Nudge.Daemon.level("Warning") == .warning)
        try expectRefusal(
            ["daemon", "--log-level", "loud"],
            mentioning:
                "nudge: --log-level 'loud' is not a log level; give one of trace, debug, info, notice, warning, error or critical\n"
        )
    }

    /// Every command line that has a help of its own: a command and each of its subcommands.
    static func commands(_ command: any ParsableCommand.Type, path: [String]) -> [[String]] {
        [path]
            + command.configuration.subcommands.flatMap { commands($0, path: path + [$0._commandName]) }
    }
}
