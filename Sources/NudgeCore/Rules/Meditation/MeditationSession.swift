import Foundation

/// One meditation session, a row of `meditation_sessions`: running while it has no end.
public struct MeditationSession: Sendable, Equatable {
    public enum Outcome: String, Sendable, CaseIterable {
        case completed
        case endedEarly = "ended_early"
        case interrupted
    }

    public var id: String
    /// When meditation began: after the start delay.
    public var startedAt: Date
    /// The local offset at `startedAt`: the session is dated where it happened.
    public var utcOffsetMinutes: Int
    public var plannedSeconds: Int
    public var intervalSeconds: Int
    public var endedAt: Date?
    public var actualSeconds: Int?
    public var outcome: Outcome?
    /// `timer`, or `manual` for one entered afterwards.
    public var source: String
    public var createdAt: Date
    /// The machine's sleep clock when the timer started (nudge's own columns); nil for a session
    /// another program wrote, whose sleep nudge cannot tell.
    public var sleepAtStart: SleepReading?
    /// The sound under it from the start bell to the end (nudge's own column): a noise's name or
    /// a file's path; nil or `none` for silence.
    public var ambient: String?

    public init(
        id: String, startedAt: Date, utcOffsetMinutes: Int, plannedSeconds: Int, intervalSeconds: Int = 0,
        endedAt: Date? = nil,
        actualSeconds: Int? = nil, outcome: Outcome? = nil, source: String = "timer", createdAt: Date,
        sleepAtStart: SleepReading? = nil, ambient: String? = nil
    ) {
        self.id = id
        self.startedAt = startedAt
        self.utcOffsetMinutes = utcOffsetMinutes
        self.plannedSeconds = plannedSeconds
        self.intervalSeconds = intervalSeconds
        self.endedAt = endedAt
        self.actualSeconds = actualSeconds
        self.outcome = outcome
        self.source = source
        self.createdAt = createdAt
        self.sleepAtStart = sleepAtStart
        self.ambient = ambient
    }

    public var isRunning: Bool { endedAt == nil }
    public var endsAt: Date { startedAt.addingTimeInterval(TimeInterval(plannedSeconds)) }
    /// Whether the session shares time with one from `start` to `end`: a recorded session is
    /// refused there (two sessions at once would double the day's minutes).
    public func overlaps(from start: Date, to end: Date) -> Bool {
        startedAt < end && start < (endedAt ?? endsAt)
    }

    /// Time meditated: what was recorded, or what has passed of a running session.
    public func meditatedSeconds(at now: Date) -> Int {
        actualSeconds ?? min(max(Int(now.timeIntervalSince(startedAt)), 0), plannedSeconds)
    }

    /// The local date and time where the session happened.
    public var localStart: (date: CivilDate, secondsOfDay: Int) {
        let local = Int(startedAt.timeIntervalSince1970.rounded(.down)) + utcOffsetMinutes * 60
        return (CivilDate(daysSinceEpoch: local.floorDiv(86400)), local.floorMod(86400))
    }

    /// The day it counts for in streaks and daily totals: one before `dayStartsAt` counts for the
    /// day before.
    public func streakDay(dayStartsAt: LocalTime) -> CivilDate {
        Self.streakDay(of: localStart, dayStartsAt: dayStartsAt)
    }

    static func streakDay(of local: (date: CivilDate, secondsOfDay: Int), dayStartsAt: LocalTime) -> CivilDate {
        local.secondsOfDay < dayStartsAt.secondsOfDay ? local.date.adding(days: -1) : local.date
    }

    /// Sessions shorter than this, ended early or interrupted, are not kept (Medito's minute).
    public static let shortestKept = 60
    /// The lengths `nudge meditate` accepts.
    public static let lengths: ClosedRange<Int> = 30...(4 * 3600)
}

/// The machine's sleep clock: CLOCK_BOOTTIME - CLOCK_MONOTONIC is the time it spent suspended
/// since it booted; a session that saw it grow was slept through.
public struct SleepReading: Sendable, Equatable {
    /// `/proc/sys/kernel/random/boot_id`: suspended times of two boots do not compare.
    public var bootID: String
    public var suspendedSeconds: Double
    /// When it was read, on the wall clock.
    public var readAt: Date

    public init(bootID: String, suspendedSeconds: Double, readAt: Date) {
        self.bootID = bootID
        self.suspendedSeconds = suspendedSeconds
        self.readAt = readAt
    }

    /// Seconds slept since `earlier`, nil when the machine rebooted in between.
    public func slept(since earlier: SleepReading) -> Double? {
        bootID == earlier.bootID ? max(suspendedSeconds - earlier.suspendedSeconds, 0) : nil
    }

    /// Less than this is clock noise, not a sleep.
    public static let noise: Double = 2
}
