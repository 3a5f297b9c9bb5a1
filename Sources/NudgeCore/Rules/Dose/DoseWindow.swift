import Foundation

/// The dose-2 window of one session, computed from the store every time: the same rows give the
/// same answers after any restart. All times are elapsed minutes from dose 1, never wall-clock,
/// so a DST change in the night moves nothing.
public struct DoseWindow: Sendable {
    public static let opensAfter = 150
    public static let closesAfter = 240
    public static let nearCloseMinutes = 15
    /// Half an hour after the close with neither dose 2 nor a skip, the night is unresolved:
    /// the person is asked, and nothing is recorded for them (alarm state is never medication
    /// state, DoseTap's alarm contract).
    public static let unresolvedAfterClose = 30
    /// An answer this long after dose 1 belongs to no open session: the night is over.
    public static let sessionLength: TimeInterval = 12 * 3600

    public let session: DoseSession
    public let settings: Settings

    public init(session: DoseSession, settings: Settings) {
        self.session = session
        self.settings = settings
    }

    func minutes(_ count: Int) -> Date { session.dose1.addingTimeInterval(TimeInterval(count * 60)) }

    public var opensAt: Date { minutes(Self.opensAfter) }
    public var closesAt: Date { minutes(Self.closesAfter) }
    public var nearCloseAt: Date { minutes(Self.closesAfter - Self.nearCloseMinutes) }
    public var unresolvedAt: Date { minutes(Self.closesAfter + Self.unresolvedAfterClose) }
    var snoozeStep: TimeInterval { TimeInterval(settings.int(.doseSnoozeDurationMinutes) * 60) }

    /// The alarm: dose 1 + the chosen interval, then each snooze moves it to the snooze length
    /// after the later of its own time and the alarm it moved (DoseTap). Snoozes counted in
    /// `current_session` without an event of their own each add the snooze length.
    public var targetAt: Date {
        var target = minutes(settings.int(.doseTargetIntervalMinutes))
        for snoozed in session.snoozedAt.prefix(session.snoozeCount) { target = max(snoozed, target) + snoozeStep }
        return target + snoozeStep * Double(max(session.snoozeCount - session.snoozedAt.count, 0))
    }

    /// Where a snooze now would put the alarm.
    public func alarmAfterSnooze(at now: Date) -> Date { max(now, targetAt) + snoozeStep }

    /// Whether an answer at this instant still belongs to this session's night.
    public func isOpen(at instant: Date) -> Bool { instant.timeIntervalSince(session.dose1) <= Self.sessionLength }
    public var snoozesLeft: Int { max(settings.int(.doseMaxSnoozes) - session.snoozeCount, 0) }

    /// DoseTap's phases, by its names (the JSON and the store keep them).
    public enum Phase: String, Sendable {
        case noDose1, beforeWindow, active, nearClose, closed, unresolved, completed

        /// What a person reads.
        public var inWords: String {
            switch self {
            case .noDose1: "no dose 1 tonight"
            case .beforeWindow: "waiting for the window to open"
            case .active: "the window is open"
            case .nearClose: "the window closes soon"
            case .closed: "the window has closed"
            case .unresolved: "the window closed with nothing recorded"
            case .completed: "done for tonight"
            }
        }
    }

    public func phase(at now: Date) -> Phase {
        if session.isCompleted { return .completed }
        if now < opensAt { return .beforeWindow }
        if now < nearCloseAt { return .active }
        if now < closesAt { return .nearClose }
        if now < unresolvedAt { return .closed }
        return .unresolved
    }

    /// Why a snooze is refused now, or nil when it is allowed: only in the active phase and
    /// below the limit (DoseTap), and never to an alarm at or after the close. The Snooze button,
    /// `nudge dose status` and `nudge dose snooze` all ask this.
    public func snoozeRefusal(at now: Date) -> String? {
        switch phase(at: now) {
        case .completed: return "dose 2 is already \(session.skipped ? "skipped" : "taken") in this session"
        case .beforeWindow: return "the dose-2 window is not open yet; a snooze is only possible while it is"
        case .closed, .unresolved, .noDose1: return "the dose-2 window has closed; take dose 2 late or skip it"
        case .nearClose:
            return "15 minutes or less are left in the dose-2 window; snooze is off now: take or skip dose 2"
        case .active: break
        }
        guard snoozesLeft > 0 else {
            return "all \(settings.int(.doseMaxSnoozes)) snoozes are used (dose.max_snoozes); take or skip dose 2"
        }
        guard alarmAfterSnooze(at: now) < closesAt else {
            return "a snooze would move the alarm to the window's close or later; take or skip dose 2"
        }
        return nil
    }
}
