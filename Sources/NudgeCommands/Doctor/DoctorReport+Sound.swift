import Foundation
import NudgeCore
import NudgeReports
import NudgeSound

extension DoctorReport {
    /// Whether a sound plays here (the short bell, played once) and through which backend,
    /// and whether the sounds the settings name are installed.
    /// The bell played once for the whole report (nil with sound.enabled false): the sound's
    /// findings and Do Not Disturb's both say what it found.
    static func playedBell(_ settings: NudgeCore.Settings?) -> Result<String, SoundCheckFailure>? {
        (settings ?? NudgeCore.Settings()).bool(.soundEnabled) ? SoundCheck.playBell() : nil
    }

    static func soundFindings(_ settings: NudgeCore.Settings?, bell: Result<String, SoundCheckFailure>?) -> [Finding] {
        let settings = settings ?? NudgeCore.Settings()
        guard settings.bool(.soundEnabled), let bell else { return [.fine("sound: off (sound.enabled is false)")] }
        var findings: [Finding]
        switch bell {
        case .success(let backend): findings = [.fine("sound: plays (played the bell through \(backend))")]
        case .failure(let failure):
            findings = [
                .problem(
                    "sound: nothing plays (\(failure)); the dose-2 alarm would be silent",
                    fix: "check the sound device and its volume (aplay -l); notifications are shown either way")
            ]
        }
        for key in [SettingKey.soundReminder, .doseAlarmSound] {
            guard let source = SoundSource(setting: settings[key]) else {
                findings.append(.fine("\(key): none (silent)"))
                continue
            }
            findings.append(
                source.problem.map {
                    .problem(
                        "\(key): \($0)",
                        fix: "apt-get install sound-theme-freedesktop, or: nudge settings set \(key) NAME")
                }
                    ?? .fine("\(key): \(settings[key]) is installed"))
        }
        return findings
    }
}
