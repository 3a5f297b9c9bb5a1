import Foundation

/// Why a settings key or value was refused; the text names the key, the value and what is accepted.
public enum SettingError: Error, Equatable, CustomStringConvertible {
    case unknownKey(String)
    case invalidValue(key: SettingKey, value: String)

    public var description: String {
        switch self {
        case .unknownKey(let key):
            if let meant = SettingKey.meant(by: key) {
                "unknown settings key '\(key)'; did you mean \(meant)? ('nudge settings' lists the keys)"
            } else {
                "unknown settings key '\(key)'; run 'nudge settings' to list the keys"
            }
        // A command may carry a service's token in its URL: not repeated.
        case .invalidValue(let key, _) where key.valueKind == .command:
            "invalid value for \(key.rawValue): expected \(key.valueKind.accepted)"
        case .invalidValue(let key, let value):
            "invalid value '\(value)' for \(key.rawValue): expected \(key.valueKind.accepted)"
        }
    }
}

extension SettingKey {
    /// The key a person most likely meant: the one whose name after its kind is what was typed
    /// (`reminder_time` → symptom.reminder_time when only one kind has it), or the one a letter
    /// or two away.
    static func meant(by typed: String) -> String? {
        let typed = typed.lowercased().replacingOccurrences(of: "-", with: "_")
        let bySuffix = allCases.filter { $0.rawValue.hasSuffix("." + typed) }.map(\.rawValue)
        if let last = bySuffix.last {
            return bySuffix.count == 1 ? last : bySuffix.dropLast().joined(separator: ", ") + " or " + last
        }
        let near = allCases.map { ($0.rawValue, EditDistance.between($0.rawValue, typed)) }.filter { $0.1 <= 2 }
        guard let best = near.min(by: { $0.1 < $1.1 }), near.filter({ $0.1 == best.1 }).count == 1 else { return nil }
        return best.0
    }

    public static func named(_ name: String) throws(SettingError) -> SettingKey {
        guard let key = SettingKey(rawValue: name) else { throw .unknownKey(name) }
        return key
    }

    public func canonical(_ value: String) throws(SettingError) -> String {
        guard let canonical = valueKind.canonical(value) else {
            throw .invalidValue(key: self, value: value)
        }
        return canonical
    }
}
