extension SettingKey {
    public static let meditationDuringDoNotDisturb = SettingKey.duringDoNotDisturb("meditation", default: .hold)
}

/// The practice reminder waits for Do Not Disturb to end; a session's bells, nudge's own
/// sounds, ring as the session goes, and so does its end ("Session complete" with the end
/// bell): the person started the timer, in the quiet they chose.
extension MeditationTimer: DoNotDisturbRule {
    public var doNotDisturbSetting: SettingKey { .meditationDuringDoNotDisturb }

    public func mayWait(key: String) -> Bool {
        if case .practice? = Key(key) { return true }
        return false
    }
}
