import ArgumentParser
import Foundation
import NudgeCommands
import NudgeCore
import NudgeReports
import NudgeStore

extension Nudge.Journal {
    struct List: NudgeCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the sessions, newest first, with the mood before and after and how many reflections.")
        @OptionGroup var global: GlobalOptions
        @Flag(help: "Print one JSON array.") var json = false

        struct Row: Encodable {
            var id: String
            @TimestampText var startedAt: Date?
            var treatmentType: String
            @NullWhenAbsent var moodBefore: Int?
            @NullWhenAbsent var moodAfter: Int?
            var reflections: Int
        }

        func run(_ context: CommandContext) throws {
            let sessions = try context.openStoreForReading().run { try $0.therapySessions() }
            let clock = context.wallClock
            try context.print(
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
                        .init("MOOD") { Nudge.Journal.moods($0.session) },
                        .init("REFLECTIONS") { String($0.reflections) },
                    ],
                    whenEmpty:
                        "No sessions in the journal yet. Add the first with: nudge journal add --type \(TherapySession.TreatmentType.accepted.replacingOccurrences(of: ", ", with: "|").replacingOccurrences(of: " or ", with: "|"))"
                ),
                json: json)
        }
    }
}
