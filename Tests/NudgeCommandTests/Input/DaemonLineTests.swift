import NudgeTestSupport
import Testing

@testable import nudge

/// A daemon's own line is parsed by the daemon's command alone (a daemon at rest keeps no other
/// command's parser, usage or checks resident); every other daemon line goes the whole way, and
/// its help, refusals and exit codes are the whole tree's, as before.
@Suite struct DaemonLineTests: CommandScenario {
    let directory = TemporaryDirectory()

    @Test func theDaemonsOwnOptionsAreParsedByItAlone() throws {
        let line = try #require(DaemonLine.parsed(["daemon", "--log-level", "DEBUG", "--store=/tmp/nudge.sqlite"]))
        #expect(line.logLevel == .debug && line.global.store == "/tmp/nudge.sqlite")
        let bare = try #require(DaemonLine.parsed(["daemon"]))
        #expect(bare.logLevel == .warning && bare.global.store == nil)
    }

    /// What the whole tree refuses, explains or prints: an option given twice (the daemon's
    /// parser alone keeps the last), help, a completion script, a mistyped word.
    @Test(arguments: [
        ["daemon", "--log-level", "info", "--log-level", "debug"], ["daemon", "--store", "a", "--store=b"],
        ["daemon", "--bad"], ["daemon", "-v"], ["daemon", "now"], ["daemon", "--log-level", "loud"],
        ["daemon", "--store="], ["daemon", "--help"], ["daemon", "-h"], ["daemon", "help"], ["daemon", "--version"],
        ["daemon", "--generate-completion-script", "bash"], ["help", "daemon"], ["settings"], [],
    ])
    func anyOtherLineGoesTheWholeWay(arguments: [String]) {
        #expect(DaemonLine.parsed(arguments) == nil)
    }

    @Test func itsRefusalsAndHelpAreTheWholeTrees() throws {
        try StoreQuery.create(store)
        let twice = nudge("daemon", "--log-level", "info", "--log-level", "debug")
        #expect(twice.status == 64 && twice.stderr == "nudge: --log-level is given twice; give it once\n", "\(twice)")
        let bad = nudge("daemon", "--bad")
        #expect(bad.status == 64 && bad.stderr.hasPrefix("nudge: nudge daemon takes no option '--bad'; "), "\(bad)")
        let help = nudge("daemon", "--help")
        #expect(help.status == 0 && help.stdout.contains("USAGE: nudge daemon [--store <path>]"), "\(help)")
    }
}
