import ArgumentParser
import Foundation
import NudgeCommands
import NudgeCore
import NudgeReports
import NudgeStore
import NudgeSystem

extension Nudge {
    struct Meditate: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Meditate: the daemon rings the bells and records the session.",
            discussion: """
                The running daemon keeps the time: closing the terminal, a locked screen or a busy machine changes nothing. One session at a time. A session ended early is kept when it lasted a minute; a sleep of the machine during a session ends it there, recorded as interrupted, and no late bell rings on resume.
                """,
            subcommands: [Start.self, Stop.self, Status.self], defaultSubcommand: Start.self)
    }
}

extension Nudge.Meditate {
    /// Ends the running session and says what was kept: early, or complete when its time was up.
    static func stop(_ store: Store, _ context: CommandContext) throws {
        switch try store.run({ try $0.stopMeditation(at: context.now) }) {
        case .nothingRunning:
            throw CommandFailure("no meditation session is running; start one with: nudge meditate", exitCode: 64)
        case .completed(let session):
            context.print(CountdownText.ending(session))
        case .kept(let session):
            context.print("ended early: \(MeditationTimer.minutes(session.actualSeconds ?? 0)) kept")
        case .dropped:
            context.print("ended early: less than a minute, so nothing was kept")
        }
    }

    /// `the session of 10 minutes started at 21:50:15 (id 3f2a9c1e)`.
    static func describe(_ session: MeditationSession, _ context: CommandContext) -> String {
        "the session of \(MeditationTimer.minutes(session.plannedSeconds)) started at \(clockTime(session.startedAt, context)) (id \(session.id.prefix(8)))"
    }

    /// `21:50:15`: bells are heard to the second.
    static func clockTime(_ instant: Date, _ context: CommandContext) -> String {
        CountdownText.timeOfDay(secondsOfDay: context.wallClock.local(instant).secondsOfDay)
    }
}
