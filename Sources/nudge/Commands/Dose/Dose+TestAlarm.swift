import ArgumentParser
import Foundation
import NudgeCommands
import NudgeCore
import NudgeReports
import NudgeSystem

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
            help: "When, from 5 s to 24 h: \(DurationText.accepted), or 30s (default 1m).", transform: Self.delay)
        var delay: TimeInterval?
        @Flag(help: "Withdraw the test alarms queued and not yet rung, instead of queuing one.") var cancel = false

        static let range: ClosedRange<TimeInterval> = 5...86400

        static let delay: @Sendable (String) throws -> TimeInterval = { text in
            guard let seconds = DurationText.parse(text), range.contains(seconds) else {
                throw ValidationError("not a delay from 5 s to 24 h; give \(DurationText.accepted)")
            }
            return seconds
        }

        func validate() throws {
            if cancel, delay != nil { throw ValidationError("give --in or --cancel, not both") }
        }

        func run(_ context: CommandContext) throws {
            if cancel { return try withdraw(context) }
            let seconds = delay ?? 60
            // Only a running daemon can ring; a row nothing will ring would be a silent test.
            guard DaemonLock.holder(storePath: context.storePath) != nil else {
                throw CommandFailure(
                    "no nudge daemon runs on \(context.storePath), so nothing would ring; start one with: systemctl --user start nudge (or nudge daemon)",
                    exitCode: 64)
            }
            let due = context.now.addingTimeInterval(seconds)
            let occurrence = Occurrence(
                kind: .alarmTest, key: NudgeCore.TestAlarm.key(UUID().uuidString), dueAt: due,
                title: NudgeCore.TestAlarm.title)
            _ = try context.openStore().run { try $0.claim(occurrence) }
            context.print(
                "the test alarm rings \(context.when(due)) (\(DurationText.relative(seconds))); Stop on the notification ends it"
            )
        }

        private func withdraw(_ context: CommandContext) throws {
            let due = try context.openStore().run { try $0.cancelTestAlarms(at: context.now) }
            guard !due.isEmpty else { return context.print("no test alarm is waiting to ring; nothing changed") }
            let times = due.map { context.when($0) }
            context.print(
                due.count == 1
                    ? "cancelled the test alarm due \(times[0]); it will not ring"
                    : "cancelled \(due.count) test alarms, due \(times.joined(separator: "; ")); they will not ring")
        }
    }
}
