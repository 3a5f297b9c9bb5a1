import Foundation
import NudgeCore
import NudgeReports
import NudgeStore
import NudgeSystem

/// `nudge meditate` once its arguments are parsed: the session is started only where a daemon
/// runs to ring its bells, and shown counting down unless detached.
public struct MeditationStart {
    /// The length given; nil for meditation.default_minutes.
    public var length: MeditationLength?
    public var delay: Int?
    public var interval: Int?
    /// The sound under it; nil for meditation.ambient.
    public var ambient: AmbientChoice?
    public var detach: Bool

    public init(length: MeditationLength?, delay: Int?, interval: Int?, ambient: AmbientChoice?, detach: Bool) {
        (self.length, self.delay, self.interval, self.ambient, self.detach) = (
            length, delay, interval, ambient, detach
        )
    }

    /// The session's length, settling delay and interval, in seconds: as given, or as set.
    private func lengths(given: Int?, _ settings: Settings) throws -> (planned: Int, delay: Int, interval: Int) {
        let planned = given ?? settings.int(.meditationDefaultMinutes) * 60
        let interval = (self.interval ?? settings.int(.meditationIntervalMinutes)) * 60
        guard interval == 0 || interval < planned else {
            throw CommandFailure(
                "an interval of \(interval / 60) min is not shorter than the session of \(MeditationTimer.minutes(planned)); give a shorter --interval, or 0",
                exitCode: 64)
        }
        return (planned, self.delay ?? settings.int(.meditationStartDelaySeconds), interval)
    }

    public func run(_ context: CommandContext) throws {
        // Read only until a daemon is known to run: a refused start changes nothing.
        let settings = try context.openStoreForReading().run { try $0.settings() }
        let (planned, delay, interval) = try lengths(given: length?.seconds, settings)
        // Only a running daemon rings the bells; a timer nothing rings would be a silent one.
        guard DaemonLock.holder(storePath: context.storePath) != nil else {
            throw CommandFailure(
                "no nudge daemon runs on \(context.storePath), so no bell would ring; start one with: systemctl --user start nudge (or nudge daemon)",
                exitCode: 64)
        }
        let now = context.now
        let offset = context.wallClock.offset(at: Int(now.timeIntervalSince1970) + delay) / 60
        let store = try context.openStore()
        let start = try store.run {
            try $0.startMeditation(
                plannedSeconds: planned, intervalSeconds: interval, delaySeconds: delay, now: now,
                utcOffsetMinutes: offset,
                sleep: context.clock.sleepReading(), ambient: ambient?.setting ?? settings[.meditationAmbient])
        }
        let session: MeditationSession
        switch start {
        case .alreadyRunning(let running):
            throw CommandFailure(
                "\(MeditationSessions.describe(running, context)) is already running; end it with: nudge meditate stop",
                exitCode: 64)
        case .started(let started):
            session = started
        }
        let bells =
            (interval > 0 ? ", a bell every \(interval / 60) min" : "")
            + (AmbientSound(setting: session.ambient ?? "none").map { ", \($0) under it" } ?? "")
        context.print(
            "meditating for \(MeditationTimer.minutes(planned)): start bell at \(MeditationSessions.clockTime(session.startedAt, context))\(bells), ends at \(MeditationSessions.clockTime(session.endsAt, context))"
        )
        guard !detach else { return }
        try Countdown(session: session, store: store, context: context).run()
    }
}
