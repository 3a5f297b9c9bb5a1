import ArgumentParser
import Foundation
import NudgeCore
import NudgeSystem

extension Nudge.Dose {
    struct TestAlarm: NudgeCommand {
        static let configuration = CommandConfiguration(
            commandName: "test-alarm",
            abstract:
                "Have the running daemon ring the dose-2 alarm once, exactly as a real one rings; nothing is recorded.",
            discussion:
                "Like DoseTap's test alarm: the alarm's sound, critical and resident, with one action, Stop. It writes no dose row and leaves the session alone."
        )
        @OptionGroup var global: GlobalOptions
        @Option(name: .customLong("in"), help: "When, from 5 s to 24 h: 30s, 2m, 1h, or a number of minutes.")
        var delay = "1m"

        static let range: ClosedRange<TimeInterval> = 5...86400

        func validate() throws {
            guard let seconds = DurationText.parse(delay), Self.range.contains(seconds) else {
                throw ValidationError(
                    "--in '\(delay)' is not a delay from 5 s to 24 h; give 30s, 2m, 1h or a number of minutes")
            }
        }

        func run(_ context: CommandContext) throws {
            guard let seconds = DurationText.parse(delay) else { return }
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
                "the test alarm rings at \(context.understood(due)) (\(DurationText.relative(seconds))); Stop on the notification ends it"
            )
        }
    }
}
