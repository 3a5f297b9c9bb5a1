/// Whether the night's alarm can wake a suspended computer: the one verdict the daemon
/// publishes and logs, and `nudge dose 1`, `dose status --json` and `nudge doctor` read. It
/// can only where all three hold: the daemon has its wake alarm (a `CLOCK_REALTIME_ALARM`
/// timerfd), the machine has an RTC wake alarm to resume it, and logind's keep-awake inhibitor
/// is held whenever something must ring (logind answers, `sleep.keep_awake` is on).
public struct AlarmWaking: Sendable, Equatable {
    /// How the daemon keeps the computer from idle sleep.
    public enum KeepAwake: Sendable, Equatable {
        /// Held now, or logind answered and it is taken whenever something must ring.
        case held
        case off
        case unavailable(String)
    }

    /// Nil when the daemon made its wake alarm, else why it could not.
    public let wakeTimer: String?
    public let rtcWakeAlarm: String
    public let rtcPresent: Bool
    public let keepAwake: KeepAwake

    public init(wakeTimer: String?, rtcWakeAlarm: String, rtcPresent: Bool, keepAwake: KeepAwake) {
        self.wakeTimer = wakeTimer
        self.rtcWakeAlarm = rtcWakeAlarm
        self.rtcPresent = rtcPresent
        self.keepAwake = keepAwake
    }

    public var canWake: Bool { obstacles.isEmpty }

    /// What stands in the way, with what to do about it; empty when the alarm wakes the computer.
    public var obstacles: [(what: String, fix: String)] {
        var obstacles: [(String, String)] = []
        if let wakeTimer {
            obstacles.append(
                (
                    "the daemon cannot arm a wake alarm (\(wakeTimer))",
                    "on systemd 254 or later, contrib/install.sh gives the unit CAP_WAKE_ALARM (nudge.service.d/wake.conf); else keep the computer awake through the night"
                ))
        }
        if !rtcPresent {
            obstacles.append(
                (
                    "no RTC wake alarm (\(rtcWakeAlarm)): nothing can resume this machine",
                    "keep the computer awake through the night: do not suspend it or close its lid"
                ))
        }
        switch keepAwake {
        case .held: break
        case .off:
            obstacles.append(("sleep.keep_awake is off", "nudge settings set sleep.keep_awake true"))
        case .unavailable(let reason):
            obstacles.append(
                (
                    "the computer cannot be kept from idle sleep (\(reason))",
                    "run the daemon where logind (systemd) answers on the system bus"
                ))
        }
        return obstacles
    }

    /// The verdict in words (`wake` in the daemon's status): `yes`, or `no: ` and what stands in
    /// the way.
    public var published: String {
        canWake ? "yes" : "no: " + obstacles.map(\.what).joined(separator: "; ")
    }
}

extension AlarmWaking {
    /// The status keys the daemon publishes its facts under, so that a reader in another process
    /// decides from the same facts with the same function.
    static let statusKeys = (wakeTimer: "wake_timer", rtc: "rtc_wakealarm", keepAwake: "keep_awake_state")

    /// The facts as a daemon publishes them, and the verdict under `wake`; `init(status:)` reads
    /// them back.
    public var status: [String: String] {
        let keeping =
            switch keepAwake {
            case .held: "held"
            case .off: "off"
            case .unavailable(let reason): "no: \(reason)"
            }
        return [
            Self.statusKeys.wakeTimer: wakeTimer.map { "no: \($0)" } ?? "yes",
            Self.statusKeys.rtc: rtcPresent ? rtcWakeAlarm : "no: \(rtcWakeAlarm)",
            Self.statusKeys.keepAwake: keeping, "wake": published,
        ]
    }

    /// The verdict from a running daemon's published facts; nil when it published none.
    public init?(status: [String: String]) {
        let keys = Self.statusKeys
        guard let timer = status[keys.wakeTimer], let rtc = status[keys.rtc], let keeping = status[keys.keepAwake]
        else { return nil }
        let (rtcPath, rtcPresent) = rtc.hasPrefix("no: ") ? (String(rtc.dropFirst(4)), false) : (rtc, true)
        let keepAwake: KeepAwake =
            switch keeping {
            case "held": .held
            case "off": .off
            default: .unavailable(String(keeping.dropFirst(4)))
            }
        self.init(
            wakeTimer: timer == "yes" ? nil : String(timer.dropFirst(4)), rtcWakeAlarm: rtcPath,
            rtcPresent: rtcPresent, keepAwake: keepAwake)
    }
}
