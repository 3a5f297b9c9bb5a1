import NudgeReports
import NudgeStore

/// `nudge journal show`: one session, every field and its dated reflections.
public struct JournalShow {
    /// The session's id or its prefix, as typed.
    public var id: String
    public var json: Bool

    public init(id: String, json: Bool) { (self.id, self.json) = (id, json) }

    public func run(_ context: CommandContext) throws {
        let store = try context.openStoreForReading()
        let session = try JournalSessions.session(id, store)
        let reflections = try store.run { try $0.therapyReflections(of: session.id) }
        let shown = Listing.one(
            (session, reflections), row: { JournalExport.Session($0.0, $0.1) },
            text: { JournalExport.markdown($0.0, $0.1, clock: context.wallClock, now: context.now, escaped: false) },
            whenEmpty: "")
        try context.print(shown, json: json)
    }
}
