import Foundation
import NudgeCore
import NudgeReports
import NudgeStore
import NudgeSystem

/// `nudge dose test-alarm`: a test alarm queued for the running daemon to ring, or the test
/// alarms queued and not yet rung withdrawn. Nothing else is recorded.
public enum TestAlarmRequest {
    case ring(in: TestAlarmDelay)
    case cancel

    public func run(_ context: CommandContext) throws {
        switch self {
        case .ring(let delay): try Self.ring(in: delay.seconds, context)
        case .cancel: try Self.withdraw(context)
        }
    }

    private static func ring(in seconds: TimeInterval, _ context: CommandContext) throws {
        // Only a running daemon can ring; a row nothing will ring would be a silent test.
        guard DaemonLock.holder(storePath: context.storePath) != nil else {
            throw CommandFailure(
                "no nudge daemon runs on \(context.storePath), so nothing would ring; start one with: systemctl --user start nudge (or nudge daemon)",
                exitCode: 64)
        }
        let due = context.now.addingTimeInterval(seconds)
        let occurrence = Occurrence(
            kind: .alarmTest, key: TestAlarm.key(UUID().uuidString), dueAt: due, title: TestAlarm.title)
        _ = try context.openStore().run { try $0.claim(occurrence) }
        context.print(
            "the test alarm rings \(context.when(due)) (\(DurationText.relative(seconds))); Stop on the notification ends it"
        )
    }

    private static func withdraw(_ context: CommandContext) throws {
        let due = try context.openStore().run { try $0.cancelTestAlarms(at: context.now) }
        guard !due.isEmpty else { return context.print("no test alarm is waiting to ring; nothing changed") }
        let times = due.map { context.when($0) }
        context.print(
            due.count == 1
                ? "cancelled the test alarm due \(times[0]); it will not ring"
                : "cancelled \(due.count) test alarms, due \(times.joined(separator: "; ")); they will not ring")
    }
}

/// How long from now a test alarm rings: 5 s to 24 h.
public struct TestAlarmDelay: Sendable, Equatable {
    public var seconds: TimeInterval

    public static let range: ClosedRange<TimeInterval> = 5...86400
    /// Without `--in`: a minute.
    public static let standard = TestAlarmDelay(checked: 60)

    private init(checked seconds: TimeInterval) { self.seconds = seconds }

    /// `30s`, `2m`, `1h30m`, as DurationText reads them.
    public init(_ text: String) throws(InputError) {
        guard let seconds = DurationText.parse(text), Self.range.contains(seconds) else {
            throw InputError("not a delay from 5 s to 24 h; give \(DurationText.accepted)")
        }
        self.seconds = seconds
    }
}
