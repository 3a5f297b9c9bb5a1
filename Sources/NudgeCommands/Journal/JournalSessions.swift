import Foundation
import NudgeCore
import NudgeReports
import NudgeStore

/// The journal's sessions as the commands name and list them.
public enum JournalSessions {
    /// `the session of 14:00 today, 2026-11-22 14:00 CET`, in confirmations.
    public static func named(_ session: TherapySession, _ context: CommandContext) -> String {
        if let stored = session.unreadableStart {
            return "the session of an unreadable time ('\(TextInput.oneLine(stored))')"
        }
        return "the session \(context.when(session.startedAt, on: "of", at: "of"))"
    }

    /// What `journal add` says: the session added; one typed twice is there already (exit 0,
    /// as a second `mkdir -p`); another in that minute is refused, with the edit that gives it
    /// the fields `given` that differ. Never a field's text.
    public static func confirmation(
        of adding: Store.TherapySessionAdding, given: Store.TherapyFields, _ context: CommandContext
    ) throws -> String {
        switch adding {
        case .added(let session):
            return "added \(named(session, context)) (id \(session.id.prefix(8)))"
        case .exists(let session, identical: true):
            return "\(named(session, context)) already exists (id \(session.id.prefix(8))); nothing added"
        case .exists(let session, identical: false):
            let id = session.id.prefix(8)
            let options = differing(given, from: session)
            let change =
                options.isEmpty
                ? "it has every field given and more (nudge journal show \(id))"
                : "change it with: nudge journal edit \(id) \(options.joined(separator: " "))"
            throw CommandFailure(
                "\(named(session, context)) already exists (id \(id)) with other fields; nothing added; \(change), or give another --at",
                exitCode: 64)
        }
    }

    /// The options of the fields given that the session has otherwise, each with the place of
    /// its value (`--mood-after N`, `--intentions TEXT`: never the text).
    private static func differing(_ given: Store.TherapyFields, from session: TherapySession) -> [String] {
        var options: [String] = []
        if let type = given.treatmentType, type != session.treatmentType { options.append("--type TYPE") }
        for (option, text, stored) in [
            ("--dose", given.dose, session.dose), ("--intentions", given.intentions, session.intentions),
            ("--environment", given.environment, session.environment), ("--music", given.music, session.music),
        ] where text != nil && text != stored {
            options.append("\(option) TEXT")
        }
        if let mood = given.moodBefore, mood != session.moodBefore { options.append("--mood-before N") }
        if let mood = given.moodAfter, mood != session.moodAfter { options.append("--mood-after N") }
        return options
    }

    /// `4 → 7`, `- → 6`.
    public static func moods(_ session: TherapySession) -> String {
        "\(session.moodBefore.map(String.init) ?? "-") → \(session.moodAfter.map(String.init) ?? "-")"
    }

    public struct Row: Encodable {
        var id: String
        @TimestampText var startedAt: Date?
        var treatmentType: String
        @NullWhenAbsent var moodBefore: Int?
        @NullWhenAbsent var moodAfter: Int?
        var reflections: Int
    }

    /// `nudge journal list`: the sessions, newest first, with the mood before and after and how
    /// many reflections.
    public static func listing(_ context: CommandContext) throws -> Listing<
        (session: TherapySession, reflections: Int), Row
    > {
        let sessions = try context.openStoreForReading().run { try $0.therapySessions() }
        let clock = context.wallClock
        return
            Listing(
                items: sessions,
                row: {
                    Row(
                        id: $0.session.id,
                        startedAt: $0.session.unreadableStart == nil ? $0.session.startedAt : nil,
                        treatmentType: $0.session.treatmentType.rawValue,
                        moodBefore: $0.session.moodBefore, moodAfter: $0.session.moodAfter,
                        reflections: $0.reflections)
                },
                columns: [
                    .init("ID") { String($0.session.id.prefix(8)) },
                    .init("DATE") {
                        $0.session.unreadableStart.map { "unreadable: \(TextInput.oneLine($0))" }
                            ?? LocalFormat.dateTime($0.session.startedAt, clock: clock)
                    },
                    .init("TYPE") { $0.session.treatmentType.rawValue },
                    .init("MOOD") { moods($0.session) },
                    .init("REFLECTIONS") { String($0.reflections) },
                ],
                whenEmpty:
                    "No sessions in the journal yet. Add the first with: nudge journal add --type \(TherapySession.TreatmentType.accepted.replacingOccurrences(of: ", ", with: "|").replacingOccurrences(of: " or ", with: "|"))"
            )
    }
}
