import Foundation
import NudgeCore

/// The journal as the person reads it (Markdown) or a program does (JSON): `journal show` and
/// `journal export`. Only ever written to the person's terminal or a file of mode 0600.
public enum JournalExport {
    public enum Format: String, CaseIterable {
        case markdown, json
    }

    public struct Reflection: Encodable {
        public var id: String
        @TimestampText public var writtenAt: Date?
        public var text: String
        public var source: String
    }

    public struct Session: Encodable {
        public var id: String
        @TimestampText public var startedAt: Date?
        public var treatmentType: String
        @NullWhenAbsent public var dose: String?
        @NullWhenAbsent public var intentions: String?
        @NullWhenAbsent public var environment: String?
        @NullWhenAbsent public var music: String?
        @NullWhenAbsent public var moodBefore: Int?
        @NullWhenAbsent public var moodAfter: Int?
        @TimestampText public var createdAt: Date?
        @TimestampText public var updatedAt: Date?
        public var reflections: [Reflection]

        public init(_ session: TherapySession, _ reflections: [TherapyReflection]) {
            id = session.id
            startedAt = session.unreadableStart == nil ? session.startedAt : nil
            treatmentType = session.treatmentType.rawValue
            dose = session.dose
            intentions = session.intentions
            environment = session.environment
            music = session.music
            moodBefore = session.moodBefore
            moodAfter = session.moodAfter
            createdAt = session.createdAt
            updatedAt = session.updatedAt
            self.reflections = reflections.map {
                Reflection(id: $0.id, writtenAt: $0.writtenAt, text: $0.text, source: $0.source.rawValue)
            }
        }
    }

    /// Every session, newest first, one section each.
    public static func markdown(_ sessions: [(TherapySession, [TherapyReflection])], clock: WallClock, now: Date)
        -> String
    {
        let title =
            "# Therapy-session journal\n\nExported \(LocalFormat.dateTime(now, clock: clock)): \(sessions.count) session\(sessions.count == 1 ? "" : "s").\n"
        return ([title] + sessions.map { markdown($0.0, $0.1, clock: clock, now: now, level: "##") }).joined(
            separator: "\n")
    }

    /// One session: its fields, then its reflections, each dated. For a file (`escaped`), the
    /// person's text is escaped so that no Markdown viewer renders it as anything but text; on
    /// a terminal (`journal show`) it stands as typed.
    public static func markdown(
        _ session: TherapySession, _ reflections: [TherapyReflection], clock: WallClock, now: Date, level: String = "#",
        escaped: Bool = true
    ) -> String {
        func text(_ typed: String) -> String { escaped ? MarkdownText.escaped(typed) : TextInput.printable(typed) }
        func line(_ typed: String) -> String { escaped ? MarkdownText.cell(typed) : TextInput.oneLine(typed) }
        var lines = ["\(level) \(dated(session, clock: clock))", ""]
        lines.append("- ID: \(session.id)")
        lines.append("- Treatment: \(session.treatmentType.rawValue)")
        lines.append(
            "- Mood: \(session.moodBefore.map { "\($0)/10" } ?? "not given") before, \(session.moodAfter.map { "\($0)/10" } ?? "not given") after"
        )
        if let dose = session.dose { lines.append("- Dose: \(line(dose))") }
        for (name, typed) in [
            ("Intentions", session.intentions), ("Environment", session.environment), ("Music", session.music),
        ] {
            guard let typed else { continue }
            lines += ["", "\(level)# \(name)", "", text(typed)]
        }
        lines += ["", "\(level)# Reflections", ""]
        if reflections.isEmpty {
            lines.append("None yet. Add one with: nudge journal reflect \(session.id.prefix(8))")
        } else {
            for reflection in reflections {
                lines += [
                    "\(level)## \(LocalFormat.dateTime(reflection.writtenAt, clock: clock))", "", text(reflection.text),
                    "",
                ]
            }
            lines.removeLast()
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `Sunday 2026-11-22 14:00 CET`, or what another program stored where no time can be read.
    public static func dated(_ session: TherapySession, clock: WallClock) -> String {
        if let stored = session.unreadableStart { return "an unreadable time ('\(TextInput.oneLine(stored))')" }
        return
            "\(clock.weekdayName(clock.date(of: session.startedAt))) \(LocalFormat.dateTime(session.startedAt, clock: clock))"
    }
}
