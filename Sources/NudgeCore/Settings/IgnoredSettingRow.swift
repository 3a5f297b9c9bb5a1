/// A settings row nudge ignores, described by its key and what is wrong with it, never by its
/// value: a setting may hold a path or other private text, and log lines carry no values.
public struct IgnoredSettingRow: Sendable, Equatable {
    /// The row's key as stored, on one line.
    public let name: String
    public let key: SettingKey?

    public init(name: String) {
        self.name = TextInput.oneLine(name)
        key = SettingKey(rawValue: name)
    }

    /// `its value is not a local time such as 20:00, 8pm or 8:30 PM; nudge uses 20:00 instead`.
    public var problem: String {
        guard let key else { return "nudge has no such setting (another program's, or a newer nudge's) and ignores it" }
        if key == .doseDuringDoNotDisturb {
            return
                "its value is not break-through, the only one it takes (the dose-2 alarm is a medical alarm and always breaks through Do Not Disturb); nudge uses break-through instead"
        }
        return
            "its value is not \(key.valueKind.accepted); nudge uses \(key.valueKind.shown(key.defaultValue)) instead"
    }

    /// The command that puts it right; nil for a key nudge does not know.
    public var fix: String? { key.map { "nudge settings reset \($0.rawValue)" } }

    /// `the settings row K cannot be read: PROBLEM; fix it with: nudge settings reset K`.
    public var sentence: String {
        "the settings row \(name) cannot be read: \(problem)" + (fix.map { "; fix it with: \($0)" } ?? "")
    }
}

extension Settings {
    /// The rows ignored, by key.
    public var ignored: [IgnoredSettingRow] { ignoredRows.keys.sorted().map(IgnoredSettingRow.init(name:)) }
}
