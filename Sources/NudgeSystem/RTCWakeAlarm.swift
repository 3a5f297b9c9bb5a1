/// Where the kernel offers the RTC's wake alarm: without it nothing resumes the machine.
public enum RTCWakeAlarm {
    public static let defaultPath = "/sys/class/rtc/rtc0/wakealarm"

    /// `NUDGE_RTC_WAKEALARM` when set (tests stand in a file of their own), else the kernel's.
    public static func path(environment: [String: String]) -> String {
        environment["NUDGE_RTC_WAKEALARM"].flatMap { $0.isEmpty ? nil : $0 } ?? defaultPath
    }
}
