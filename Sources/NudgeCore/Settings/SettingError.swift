/// Why a settings key or value was refused; the text names the key, the value and what is accepted.
public enum SettingError: Error, Equatable, CustomStringConvertible {
    case unknownKey(String)
    case invalidValue(key: SettingKey, value: String)

    public var description: String {
        switch self {
        case .unknownKey(let key):
            "unknown settings key '\(key)'; run 'nudge settings' to list the keys"
        case .invalidValue(let key, let value):
            "invalid value '\(value)' for \(key.rawValue): expected \(key.valueKind.accepted)"
        }
    }
}

extension SettingKey {
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
