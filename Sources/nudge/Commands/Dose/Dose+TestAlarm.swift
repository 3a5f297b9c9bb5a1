import ArgumentParser
import NudgeCommandLine
import NudgeCommands
import NudgeCore

extension Nudge.Dose {
    struct TestAlarm: NudgeCommand {
        static let configuration = CommandConfiguration(
            commandName: "test-alarm",
            abstract:
                "Have the running daemon ring the dose-2 alarm once, exactly as a real one rings; nothing is recorded.",
            discussion:
                "Like DoseTap's test alarm: the alarm's sound, critical and resident, with one action, Stop. It writes no dose row and leaves the session alone. --cancel withdraws the test alarms queued and not yet rung."
        )
        @OptionGroup var global: GlobalOptions
        @Option(
            name: .customLong("in"),
            help: "When, from 5 s to 24 h: \(DurationText.accepted), or 30s (default 1m).",
            transform: TypedArguments.parsed(TestAlarmDelay.init))
        var delay: TestAlarmDelay?
        @Flag(help: "Withdraw the test alarms queued and not yet rung, instead of queuing one.") var cancel = false

        func validate() throws {
            if cancel, delay != nil { throw ValidationError("give --in or --cancel, not both") }
        }

        func run(_ context: CommandContext) throws {
            try (cancel ? TestAlarmRequest.cancel : .ring(in: delay ?? .standard)).run(context)
        }
    }
}
