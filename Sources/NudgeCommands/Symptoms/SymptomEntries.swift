import NudgeCore
import NudgeStore

/// How the symptom commands name an entry: by its id's prefix, and in a confirmation.
public enum SymptomEntries {
    public static let ids = IDPrefix(what: "symptom entry", listedBy: "nudge symptoms")

    static func entry(_ prefix: String, _ store: Store) throws -> SymptomEntry {
        try ids.resolve(try store.run { try $0.symptomEntry(matching: prefix) }, prefix: prefix)
    }

    /// `Headache (3) at 19:05 today, 2026-11-22 19:05 CET`; never a made-up time for one
    /// another program stored unreadably.
    static func describe(_ entry: SymptomEntry, _ context: CommandContext) -> String {
        let when =
            entry.hasUnreadableTime
            ? "at a time that cannot be read (another program wrote it; --at sets one)"
            : context.when(entry.loggedAt)
        return "\(TextInput.oneLine(entry.name)) (\(entry.severity)) \(when)"
    }
}
