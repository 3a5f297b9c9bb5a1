import ArgumentParser
import Logging
import NudgeCommandLine
import NudgeCommands

extension Nudge {
    struct Daemon: NudgeCommand {
        static let configuration = CommandConfiguration(
            commandName: "daemon",
            abstract: "Run the reminder daemon in the foreground.",
            discussion:
                "It sleeps until the next reminder is due; SIGTERM or SIGINT stop it, SIGHUP reloads. Under systemd (Type=notify) it says it is ready once its first plan is made; where the unit sets WatchdogSec=, its loop pings the watchdog every half of that time, so a daemon whose loop hangs is killed and restarted."
        )
        @OptionGroup var global: GlobalOptions
        @Option(
            help: "What to log on stderr: trace, debug, info, notice, warning, error or critical (default: warning).",
            completion: .list(Logger.Level.allCases.map(\.rawValue)), transform: Self.level)
        var logLevel: Logger.Level = .warning

        /// swift-log's levels by name, in any case; a conformance of Logger.Level to
        /// ExpressibleByArgument would be another module's to make.
        static let level = TypedArguments.parsed(DaemonStart.level)

        func run(_ context: CommandContext) throws {
            try DaemonStart(logLevel: logLevel).run(context)
        }
    }
}
