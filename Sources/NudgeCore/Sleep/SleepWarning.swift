import Foundation

/// What a person is told when the computer goes to sleep (a suspend by hand, a closed lid)
/// while something must ring: that it will wake itself for it, or, loudly, that it will not.
public enum SleepWarning {
    public static let title = "The computer is going to sleep"

    /// `reason` is why it was kept awake (`the dose-2 alarm is due at 02:45`), nil on a locked
    /// screen that shows nothing private (an alarm is said, not what for); `wakesAt`, the
    /// local time it resumes for the alarm, or nil when it cannot.
    public static func content(reason: String?, wakesAt: String?) -> NotificationContent {
        let reason = reason ?? "an alarm must ring tonight"
        if let wakesAt {
            return NotificationContent(
                title: title, body: "It will wake itself at \(wakesAt) for the alarm.", actions: [],
                category: "x-nudge.sleep")
        }
        return NotificationContent(
            title: title,
            body:
                "\(reason.prefix(1).uppercased() + reason.dropFirst()), and it will not ring while the computer sleeps. Keep it awake, or use another alarm tonight.",
            actions: [], urgency: .critical, category: "x-nudge.sleep", sound: .awaited(.doseAlarmSound))
    }

    /// How long the warning's sound may hold a sleep back: four fifths of what logind allows a
    /// delay inhibitor (`InhibitDelayMaxSec`, 5 s unless set, so 4 s), so that nudge lets go
    /// before logind stops waiting. The freedesktop alarm sound lasts 6.1 s; it is cut there.
    public static func soundLimit(logindWaits: TimeInterval?) -> TimeInterval {
        max(0, logindWaits ?? defaultDelayLimit) * 0.8
    }

    /// logind's InhibitDelayMaxSec when the system does not set it.
    public static let defaultDelayLimit: TimeInterval = 5
}
