import ArgumentParser
import Foundation
import NudgeCore
import NudgeStore
import NudgeSystem

extension Nudge {
    struct Meditate: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Meditate: the daemon rings the start, interval and end bells at their instants and records the session.",
            discussion: """
                The running daemon keeps the time: closing the terminal, a locked screen or a busy machine changes nothing. One session at a time. A session ended early is kept when it lasted a minute; a sleep of the machine during a session ends it there, recorded as interrupted, and no late bell rings on resume.
                """,
            subcommands: [Start.self, Stop.self, Status.self], defaultSubcommand: Start.self)
    }
}

extension Nudge.Meditate {
    struct Start: NudgeCommand {
        static let configuration = CommandConfiguration(
            abstract: "Start a session (nudge meditate alone: meditation.default_minutes, 10 unless set).",
            discussion: """
                After the start delay (not counted) the start bell rings; interval bells ring every --interval minutes, none at or after the end; at the end, the end bell and a "Session complete" notification. In a terminal the command shows the time left until the session ends; Ctrl-C ends it early. Each bell is a setting (meditation.start_bell, meditation.interval_bell, meditation.end_bell); none silences it.
                """)
        @OptionGroup var global: GlobalOptions
        @Argument(help: "How long: 10 (minutes), 10m, 90s or 1h; 30 s to 4 h (default: meditation.default_minutes).") var duration: String?
        @Option(help: "Seconds of settling before the start bell, not counted: 0 to 120 (default: meditation.start_delay_seconds).")
        var delay: Int?
        @Option(help: "Minutes between interval bells, shorter than the session; 0 for none (default: meditation.interval_minutes).")
        var interval: Int?
        @Flag(help: "Return at once; the daemon keeps the time.") var detach = false

        func validate() throws {
            if let duration { _ = try Self.seconds(duration) }
            if let delay, !(0...120).contains(delay) {
                throw ValidationError("--delay \(delay) is not from 0 to 120 seconds; give the settling time before the start bell")
            }
            if let interval, !(0...120).contains(interval) {
                throw ValidationError("--interval \(interval) is not from 0 to 120 minutes; give 0 for no interval bells")
            }
        }

        static func seconds(_ text: String) throws -> Int {
            guard let seconds = DurationText.parse(text), MeditationSession.lengths.contains(Int(seconds)) else {
                throw ValidationError("'\(text)' is not a session length from 30 s to 4 h; give 10 (minutes), 10m, 90s or 1h")
            }
            return Int(seconds)
        }

        func run(_ context: CommandContext) throws {
            // Read only until a daemon is known to run: a refused start changes nothing.
            let settings = try context.openStoreForReading().run { try $0.settings() }
            let planned = try duration.map(Self.seconds) ?? settings.int(.meditationDefaultMinutes) * 60
            let delay = self.delay ?? settings.int(.meditationStartDelaySeconds)
            let interval = (self.interval ?? settings.int(.meditationIntervalMinutes)) * 60
            guard interval == 0 || interval < planned else {
                throw CommandFailure(
                    "an interval of \(interval / 60) min is not shorter than the session of \(MeditationTimer.minutes(planned)); give a shorter --interval, or 0",
                    exitCode: 64)
            }
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
                    plannedSeconds: planned, intervalSeconds: interval, delaySeconds: delay, now: now, utcOffsetMinutes: offset,
                    sleep: context.clock.sleepReading())
            }
            let session: MeditationSession
            switch start {
            case .alreadyRunning(let running):
                throw CommandFailure("\(Nudge.Meditate.describe(running, context)) is already running; end it with: nudge meditate stop", exitCode: 64)
            case .started(let started):
                session = started
            }
            let bells = interval > 0 ? ", a bell every \(interval / 60) min" : ""
            context.print(
                "meditating for \(MeditationTimer.minutes(planned)): start bell at \(Nudge.Meditate.clockTime(session.startedAt, context))\(bells), ends at \(Nudge.Meditate.clockTime(session.endsAt, context))"
            )
            guard !detach else { return }
            try Countdown(session: session, store: store, context: context).run()
        }
    }

    struct Stop: NudgeCommand {
        static let configuration = CommandConfiguration(
            abstract: "End the running session now: kept as ended early when it lasted a minute, dropped otherwise.")
        @OptionGroup var global: GlobalOptions

        func run(_ context: CommandContext) throws {
            try Nudge.Meditate.stop(context.openStore(), context)
        }
    }

    struct Status: NudgeCommand {
        static let configuration = CommandConfiguration(abstract: "Show the running session: elapsed and left.")
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
                    id: $0.id, startedAt: $0.startedAt, endsAt: $0.endsAt, plannedSeconds: $0.plannedSeconds, intervalSeconds: $0.intervalSeconds,
                    elapsedSeconds: $0.meditatedSeconds(at: now), leftSeconds: max(Int($0.endsAt.timeIntervalSince(now).rounded(.up)), 0))
            }
            if json { return try context.printJSON(NullWhenAbsent(wrappedValue: row)) }
            guard let running, let row else { return context.print("No session is running. Start one with: nudge meditate") }
            let settling = now < running.startedAt ? ", settling: start bell \(DurationText.relative(running.startedAt.timeIntervalSince(now)))" : ""
            context.print(
                "\(Nudge.Meditate.describe(running, context)): \(Nudge.Meditate.clock(row.elapsedSeconds)) elapsed, \(Nudge.Meditate.clock(row.leftSeconds)) left\(settling)")
        }
    }

    /// Ends the running session and says what was kept: early, or complete when its time was up.
    static func stop(_ store: Store, _ context: CommandContext) throws {
        switch try store.run({ try $0.stopMeditation(at: context.now) }) {
        case .nothingRunning:
            throw CommandFailure("no meditation session is running; start one with: nudge meditate", exitCode: 64)
        case .completed(let session):
            context.print(Countdown.ending(session))
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
        let seconds = context.wallClock.local(instant).secondsOfDay
        return "\(pad(seconds / 3600)):\(pad(seconds / 60 % 60)):\(pad(seconds % 60))"
    }

    /// `07:32`, `1:02:03`.
    static func clock(_ seconds: Int) -> String {
        seconds >= 3600 ? "\(seconds / 3600):\(pad(seconds / 60 % 60)):\(pad(seconds % 60))" : "\(pad(seconds / 60)):\(pad(seconds % 60))"
    }

    private static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
