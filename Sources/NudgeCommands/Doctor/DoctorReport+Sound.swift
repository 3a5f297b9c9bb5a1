import Foundation
import NudgeCore
import NudgeReports
import NudgeSound

extension DoctorReport {
    /// Whether a sound plays here (the short bell, played once) and through which backend,
    /// and whether the sounds the settings name are installed.
    static func soundFindings(_ settings: NudgeCore.Settings?) -> [Finding] {
        let settings = settings ?? NudgeCore.Settings()
        guard settings.bool(.soundEnabled) else { return [.fine("sound: off (sound.enabled is false)")] }
        var findings: [Finding]
        switch SoundCheck.playBell() {
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
