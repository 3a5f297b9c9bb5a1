import NudgeCore

/// `nudge dose snooze 10 min`: the Snooze button's length is a setting, not the command's
/// word (hostile round on issue 40, M6: the parser's "2 unexpected arguments"). The line that
/// sets it, where it would be taken; else why not, in the setting's words.
enum SnoozeLength {
    static let key = "dose.snooze_duration_minutes"

    static func refusal(_ arguments: [String], positional: [Int], path: [String]) -> String? {
        guard path == ["nudge", "dose", "snooze"], !positional.isEmpty else { return nil }
        let length = positional.map { arguments[$0] }.joined(separator: " ")
        let store = arguments.indices.filter { !positional.contains($0) && $0 > 1 }.map { arguments[$0] }
        let line = ["settings", "set", key, length] + store
        let said = "nudge dose snooze takes no length; it moves the alarm by \(key)"
        do throws(SettingError) { _ = try SettingKey.named(key).canonical(length) } catch {
            return "\(said); \(error.description)"
        }
        if let refused = SuggestedLine.refusal(line) { return "\(said); \(refused)" }
        return "\(said); to snooze by \(CommandLineText.shortened(length)) from now on: \(SuggestedLine.shown(line))"
    }
}
