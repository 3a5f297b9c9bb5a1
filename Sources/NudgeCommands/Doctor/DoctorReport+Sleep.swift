import Foundation
import NudgeCore
import NudgeReports
import NudgeSleep
import NudgeSystem

extension DoctorReport {
    /// Whether the night's alarm survives sleep: logind to keep the computer awake, and the
    /// daemon's wake alarm with an RTC to resume it.
    static func sleepFindings(daemon status: [String: String]?) -> [Finding] {
        var findings: [Finding] = []
        var logind = AlarmWaking.KeepAwake.held
        do {
            try SleepInhibitor().checkLogind()
            findings.append(.fine("keep awake: logind answers on the system bus"))
        } catch {
            logind = .unavailable("\(error)")
            findings.append(
                .problem(
                    "keep awake: \(error)",
                    fix:
                        "the alarm rings only while the computer is awake; logind (systemd) keeps it from idle sleep"
                ))
        }
        let waking: AlarmWaking
        if let status, let published = AlarmWaking(status: status) {
            waking = published
        } else {
            let rtc = RTCWakeAlarm.path(environment: ProcessInfo.processInfo.environment)
            waking = AlarmWaking(
                wakeTimer: "no daemon runs", rtcWakeAlarm: rtc,
                rtcPresent: FileManager.default.fileExists(atPath: rtc), keepAwake: logind)
        }
        findings.append(
            waking.canWake
                ? .fine("wake: the alarm wakes a suspended computer (CLOCK_REALTIME_ALARM and the RTC)")
                : .problem(
                    "wake: the alarm cannot wake a suspended computer: "
                        + waking.obstacles.map(\.what).joined(separator: "; "),
                    fix: waking.obstacles.map(\.fix).joined(separator: "; ")))
        return findings
    }
}
