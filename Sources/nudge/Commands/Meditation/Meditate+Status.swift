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
            let row = running.map {
                Row(
                    id: $0.id, startedAt: $0.startedAt, endsAt: $0.endsAt, plannedSeconds: $0.plannedSeconds,
                    intervalSeconds: $0.intervalSeconds,
                    elapsedSeconds: $0.meditatedSeconds(at: now),
                    leftSeconds: max(Int($0.endsAt.timeIntervalSince(now).rounded(.up)), 0))
            }
            if json { return try context.printJSON(NullWhenAbsent(wrappedValue: row)) }
            guard let running, let row else {
                return context.printWrapped("No session is running. Start one with: nudge meditate")
            }
            // Before the start bell nothing is meditated yet: say when it rings, not 00:00 elapsed.
            guard now >= running.startedAt else {
                return context.print(
                    "the session of \(MeditationTimer.minutes(running.plannedSeconds)) (id \(running.id.prefix(8))), settling: the start bell rings at \(Nudge.Meditate.clockTime(running.startedAt, context))"
                )
            }
            context.print(
                "\(Nudge.Meditate.describe(running, context)): \(CountdownText.clock(row.elapsedSeconds)) elapsed, \(CountdownText.clock(row.leftSeconds)) left"
            )
        }
    }
}
