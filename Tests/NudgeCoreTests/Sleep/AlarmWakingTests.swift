import NudgeCore
import Testing

/// One truth about waking (issue 38): each of the three facts alone keeps the promise from being
/// made, and what a daemon publishes reads back as the same verdict.
@Suite struct AlarmWakingTests {
    static let rtc = "/sys/class/rtc/rtc0/wakealarm"

    @Test(arguments: [
        (String?.none, true, AlarmWaking.KeepAwake.held, true),
        ("timerfd_create(CLOCK_REALTIME_ALARM): Operation not permitted", true, .held, false),
        (nil, false, .held, false),
        (nil, true, .off, false),
        (nil, true, .unavailable("no system bus"), false),
    ])
    func wakesOnlyWithTheTimerTheRTCAndLogind(
        timer: String?, rtcPresent: Bool, keepAwake: AlarmWaking.KeepAwake, wakes: Bool
    ) {
        let waking = AlarmWaking(wakeTimer: timer, rtcWakeAlarm: Self.rtc, rtcPresent: rtcPresent, keepAwake: keepAwake)
        #expect(waking.canWake == wakes && waking.obstacles.count == (wakes ? 0 : 1))
        #expect(waking.published.hasPrefix(wakes ? "yes" : "no: "))
        #expect(AlarmWaking(status: waking.status) == waking)
        #expect(waking.status["wake"] == waking.published)
    }

    @Test func aDaemonThatPublishedNoFactsGivesNoVerdict() {
        #expect(AlarmWaking(status: ["wake": "yes"]) == nil)
    }
}
