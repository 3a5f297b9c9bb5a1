import NudgeCore
import NudgeReports
import NudgeStore

/// `nudge meditations delete`: one session deleted from the history, asked first on a terminal.
public typealias MeditationDelete = RowDelete<MeditationSession>

extension MeditationSession: DeletableRow {
    public static let ids = IDPrefix(what: "session", listedBy: "nudge meditations")

    public static func matching(_ prefix: String, in store: Store) throws(StoreError) -> PrefixMatch<Self> {
        try store.meditation(matching: prefix)
    }

    public var deletionRefusal: String? {
        isRunning ? "that session is running; end it with: nudge meditate stop" : nil
    }

    /// `the 20 minutes session of Saturday 2026-11-21 (id 3f2a9c1e)`: its day as the meditation
    /// listing has it, named with its weekday unless it is today.
    public func described(_ context: CommandContext) -> String {
        let day = localStart.date
        let named =
            day == context.wallClock.date(of: context.now)
            ? "\(day)" : "\(context.wallClock.weekdayName(day)) \(day)"
        return "the \(MeditationTimer.minutes(actualSeconds ?? 0)) session of \(named) (id \(id.prefix(8)))"
    }

    public func delete(from store: Store) throws(StoreError) -> Bool { try store.deleteMeditation(id: id) }
}
