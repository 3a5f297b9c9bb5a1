import Foundation
import NudgeCore
import NudgeReports
import NudgeStore
import NudgeSystem

/// What `nudge meditate stop` and `status` do, and how a session is named to the person.
public enum MeditationSessions {
    /// Ends the running session and says what was kept: early, or complete when its time was up;
    /// with no daemon running, puts back the desktop's Do Not Disturb a killed one left on.
    public static func stop(_ store: Store, _ context: CommandContext) throws {
        defer { QuietLeftByDaemon.putBack(store, context) }
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
    public static func describe(_ session: MeditationSession, _ context: CommandContext) -> String {
        "the session of \(MeditationTimer.minutes(session.plannedSeconds)) started at \(clockTime(session.startedAt, context)) (id \(session.id.prefix(8)))"
    }

    /// `21:50:15`: bells are heard to the second.
    public static func clockTime(_ instant: Date, _ context: CommandContext) -> String {
        CountdownText.timeOfDay(secondsOfDay: context.wallClock.local(instant).secondsOfDay)
    }

    /// The running session as `meditate status --json` gives it.
    public struct StatusRow: Encodable {
        var id: String
        @TimestampText var startedAt: Date?
        @TimestampText var endsAt: Date?
        var plannedSeconds: Int
        var intervalSeconds: Int
        var elapsedSeconds: Int
        var leftSeconds: Int

        init(_ session: MeditationSession, now: Date) {
            (id, startedAt, endsAt) = (session.id, session.startedAt, session.endsAt)
            (plannedSeconds, intervalSeconds) = (session.plannedSeconds, session.intervalSeconds)
            elapsedSeconds = session.meditatedSeconds(at: now)
            leftSeconds = max(Int(session.endsAt.timeIntervalSince(now).rounded(.up)), 0)
        }
    }

    /// `meditate status`, printed; and where a session runs with no daemon on the store (it was
    /// killed), on stderr that the session will neither end nor ring until one runs: the
    /// status alone would count down to a bell that never comes.
    public static func showStatus(json: Bool, _ context: CommandContext) throws {
        let listing = try status(context)
        try context.print(listing, json: json)
        guard !listing.items.isEmpty, DaemonLock.holder(storePath: context.storePath) == nil else { return }
        context.environment.errors(
            "nudge: no daemon runs on this store, so this session will not end and its bells will not ring; start one with: systemctl --user start nudge (or nudge daemon)\n"
        )
    }

    /// `meditate status`: the running session, elapsed and left, or when its start bell rings.
    public static func status(_ context: CommandContext) throws -> Listing<MeditationSession, StatusRow> {
        let running = try context.openStoreForReading().run { try $0.runningMeditation() }
        let now = context.now
        return .one(
            running, row: { StatusRow($0, now: now) },
            text: { running in
                // Before the start bell nothing is meditated yet: say when it rings, not 00:00 elapsed.
                guard now >= running.startedAt else {
                    return
                        "the session of \(MeditationTimer.minutes(running.plannedSeconds)) (id \(running.id.prefix(8))), settling: the start bell rings at \(clockTime(running.startedAt, context))"
                }
                let row = StatusRow(running, now: now)
                return
                    "\(describe(running, context)): \(CountdownText.clock(row.elapsedSeconds)) elapsed, \(CountdownText.clock(row.leftSeconds)) left"
            }, whenEmpty: "No session is running. Start one with: nudge meditate")
    }
}
