import ArgumentParser
import Foundation
import NudgeCommands
import NudgeCore
import NudgeReports
import NudgeStore
import NudgeSystem

extension Nudge.Meditate {
    struct Status: NudgeCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show the running session: elapsed and left, or when its start bell rings while settling.")
        @OptionGroup var global: GlobalOptions
        @Flag(help: "Print one JSON object (null when nothing runs).") var json = false

        struct Row: Encodable {
            var id: String
            @TimestampText var startedAt: Date?
            @TimestampText var endsAt: Date?
            var plannedSeconds: Int
            var intervalSeconds: Int
            var elapsedSeconds: Int
            var leftSeconds: Int
        }

        func run(_ context: CommandContext) throws {
            let running = try context.openStoreForReading().run { try $0.runningMeditation() }
            let now = context.now
            let shown = Listing.one(
                running, row: { Self.row($0, now: now) },
                text: { Self.text($0, now: now, context) },
                whenEmpty: "No session is running. Start one with: nudge meditate")
            try context.print(shown, json: json)
        }

        static func row(_ session: MeditationSession, now: Date) -> Row {
            Row(
                id: session.id, startedAt: session.startedAt, endsAt: session.endsAt,
                plannedSeconds: session.plannedSeconds, intervalSeconds: session.intervalSeconds,
                elapsedSeconds: session.meditatedSeconds(at: now),
                leftSeconds: max(Int(session.endsAt.timeIntervalSince(now).rounded(.up)), 0))
        }

        static func text(_ running: MeditationSession, now: Date, _ context: CommandContext) -> String {
            // Before the start bell nothing is meditated yet: say when it rings, not 00:00 elapsed.
            guard now >= running.startedAt else {
                return
                    "the session of \(MeditationTimer.minutes(running.plannedSeconds)) (id \(running.id.prefix(8))), settling: the start bell rings at \(Nudge.Meditate.clockTime(running.startedAt, context))"
            }
            let row = row(running, now: now)
            return
                "\(Nudge.Meditate.describe(running, context)): \(CountdownText.clock(row.elapsedSeconds)) elapsed, \(CountdownText.clock(row.leftSeconds)) left"
        }
    }
}
