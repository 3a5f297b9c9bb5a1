import NudgeCore
import NudgeReports
import NudgeStore

/// `nudge meditations delete`: one session deleted from the history, asked first on a terminal.
public struct MeditationDelete {
    public static let ids = IDPrefix(what: "session", listedBy: "nudge meditations")

    /// The session's id or its prefix, as typed.
    public var id: String
    public var yes: Bool

    public init(id: String, yes: Bool) {
        (self.id, self.yes) = (id, yes)
    }

    public func run(_ context: CommandContext) throws {
        let store = try context.openStore()
        let session = try Self.ids.resolve(try store.run { try $0.meditation(matching: id) }, prefix: id)
        guard !session.isRunning else {
            throw CommandFailure("that session is running; end it with: nudge meditate stop", exitCode: 64)
        }
        // Its day as the meditation listing has it; named with its weekday unless it is today.
        let day = session.localStart.date
        let named =
            day == context.wallClock.date(of: context.now)
            ? "\(day)" : "\(context.wallClock.weekdayName(day)) \(day)"
        let what =
            "the \(MeditationTimer.minutes(session.actualSeconds ?? 0)) session of \(named) (id \(session.id.prefix(8)))"
        try context.delete(what, cannotBeUndone: true, yes: yes) {
            try store.run { try $0.deleteMeditation(id: session.id) }
        }
    }
}
