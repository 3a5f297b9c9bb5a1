import Foundation
import NudgeCore
import NudgeReports
import NudgeStore

/// `nudge meditations add` once its arguments are parsed: a session done elsewhere recorded as
/// completed, when it has ended and overlaps none in the store.
public struct MeditationAdd {
    /// When it began, as typed.
    public var at: GivenInstant
    public var minutes: Int

    public init(at: GivenInstant, minutes: Int) {
        (self.at, self.minutes) = (at, minutes)
    }

    public func run(_ context: CommandContext) throws {
        let (startedAt, _) = try span(context)
        let offset = context.wallClock.offset(at: Int(startedAt.timeIntervalSince1970)) / 60
        switch try context.openStore().run({
            try $0.addMeditation(
                startedAt: startedAt, seconds: minutes * 60, utcOffsetMinutes: offset, now: context.now)
        }) {
        case .recorded(let session):
            context.print(
                "recorded \(MeditationTimer.minutes(minutes * 60)) \(context.when(startedAt)) (id \(session.id.prefix(8)))"
            )
        case .overlaps(let other):
            throw Self.overlapping(other, context)
        }
    }

    /// Why this session would not be recorded now (not ended yet, or overlapping one in the
    /// store), as `run` decides it.
    public func refusal(_ context: CommandContext) -> String? {
        do {
            let (startedAt, endedAt) = try span(context)
            let store = try context.openStoreForReading()
            return try store.run { try $0.meditation(overlapping: startedAt, to: endedAt) }.map {
                Self.overlapping($0, context).message
            }
        } catch {
            return (error as? CommandFailure)?.message ?? String(describing: error)
        }
    }

    /// When it began and ended: begun within the last year, and ended by now.
    private func span(_ context: CommandContext) throws -> (Date, Date) {
        let now = context.now
        let startedAt = try InstantInput.pastInstant(
            at, option: "--at", now: now, clock: context.wallClock, maximumAge: 366 * 86400)
        let endedAt = startedAt.addingTimeInterval(TimeInterval(minutes * 60))
        guard endedAt <= now else {
            throw CommandFailure(
                "--at '\(at.text)' and --minutes \(minutes) end at \(context.understood(endedAt)), which has not come; record a session once it has ended, or time one with: nudge meditate",
                exitCode: 64)
        }
        return (startedAt, endedAt)
    }

    private static func overlapping(_ other: MeditationSession, _ context: CommandContext) -> CommandFailure {
        let which =
            other.isRunning
            ? "the session running since \(context.understood(other.startedAt))"
            : "the session of \(MeditationTimer.minutes(other.actualSeconds ?? other.plannedSeconds)) at \(context.understood(other.startedAt))"
        return CommandFailure(
            "nothing recorded: it would overlap \(which) (\(other.id.prefix(8)) in nudge meditations); give an --at and --minutes outside it",
            exitCode: 64)
    }
}
