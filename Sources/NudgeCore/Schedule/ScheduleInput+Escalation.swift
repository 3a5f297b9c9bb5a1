import Foundation

extension ScheduleInput {
    /// The first alarm any enabled kind would escalate at `now`, or nil; nil too while
    /// `alarm.escalate_command` is empty.
    public func pendingEscalation(now: Date, clock: WallClock) -> Escalation? {
        guard !settings.arguments(.alarmEscalateCommand).isEmpty else { return nil }
        for kind in kinds where kind.isEnabled(self) {
            if let escalation = kind.escalation(now: now, from: self, clock: clock) { return escalation }
        }
        return nil
    }
}
