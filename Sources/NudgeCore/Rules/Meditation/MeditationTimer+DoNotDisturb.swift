extension SettingKey {
    public static let meditationDuringDoNotDisturb = SettingKey.duringDoNotDisturb("meditation", default: .hold)
}

/// The practice reminder waits for Do Not Disturb to end; a session's bells, nudge's own
/// sounds, ring as the session goes.
extension MeditationTimer: DoNotDisturbRule {
    public var doNotDisturbSetting: SettingKey { .meditationDuringDoNotDisturb }
}
