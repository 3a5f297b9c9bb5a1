import Foundation
import Logging
import NudgeCore
import NudgeSleep

/// Whether the session is locked (logind's `LockedHint`, followed by signal), and so whether a
/// private kind's notification (``PrivateRule``) goes to the server in its neutral words.
final class LockedScreen {
    /// From `watch()` on; logind's word reaches the loop as `.sessionLock`.
    private var sessionWatch: SessionLockWatch?
    /// As logind last said; unlocked until it said anything, or when it cannot say.
    private(set) var isLocked = false
    private var reportedUnknown = false
    private let logger: Logger

    init(logger: Logger) { self.logger = logger }

    /// Reads the session's state once and follows its changes; without logind, or without a
    /// session to follow, nothing comes but one `debug` line, and notifications keep their text.
    /// The first reading is waited for (within logind's call timeout), so that nothing private
    /// is shown at the start before it is known whether the screen is locked.
    func watch(sessionID: String?, systemBus: String?, events: EventQueue) {
        let watch = SessionLockWatch(sessionID: sessionID, busAddress: systemBus) { events.push(.sessionLock($0)) }
        sessionWatch = watch
        if let first = watch.firstReport(within: TimeInterval(SleepInhibitor.callTimeout) / 1000 * 2) {
            _ = heard(first)
        }
    }

    /// What logind said reached the loop; true when the screen's state changed.
    func heard(_ report: SessionLockWatch.Report) -> Bool {
        switch report {
        case .unknown(let why):
            guard !reportedUnknown else { return false }
            reportedUnknown = true
            logger.debug(
                "cannot tell whether the screen is locked (\(why)); every notification keeps its own words",
                metadata: ["event": "lock_unknown"])
            return false
        case .locked(let locked):
            guard locked != isLocked else { return false }
            isLocked = locked
            logger.info(
                locked ? "the screen is locked" : "the screen is unlocked",
                metadata: ["event": "screen_lock", "locked": locked ? "yes" : "no"])
            return true
        }
    }

    /// `content` as the screen may show it now: a private one in neutral words while locked,
    /// unless `notify.private_when_locked` is off.
    func screened(_ content: NotificationContent, settings: Settings) -> NotificationContent {
        guard content.isPrivate, hidesPrivateText(settings) else { return content }
        return content.neutral
    }

    /// Whether what the screen shows now must leave private text out: locked, and
    /// `notify.private_when_locked` on.
    func hidesPrivateText(_ settings: Settings) -> Bool {
        isLocked && settings.bool(.notifyPrivateWhenLocked)
    }
}
