import Foundation

/// Why a settings key or value was refused; the text names the key, the value and what is accepted.
public enum SettingError: Error, Equatable, CustomStringConvertible {
    case unknownKey(String)
    case invalidValue(key: SettingKey, value: String)

    public var description: String {
        switch self {
        case .unknownKey(let key):
            if case let meant = SettingKey.meant(by: key), !meant.isEmpty {
                "unknown settings key '\(key)'; did you mean \(SettingKey.either(meant))? ('nudge settings' lists the keys)"
            } else {
                "unknown settings key '\(key)'; run 'nudge settings' to list the keys"
            }
        // A command may carry a service's token in its URL: not repeated.
        case .invalidValue(let key, _) where key.valueKind == .command:
            "invalid value for \(key.rawValue): expected \(key.valueKind.accepted)"
        // A number of minutes says the forms it takes, a length in hours among them.
        case .invalidValue(let key, let value) where key.minutesForms != nil:
            "invalid value '\(value)' for \(key.rawValue): expected \(key.valueKind.accepted) minutes, as \(key.minutesForms!)"
        case .invalidValue(let key, let value) where key == .doseDuringDoNotDisturb:
            "invalid value '\(value)' for \(key.rawValue): the dose-2 alarm is a medical alarm and always breaks through Do Not Disturb; expected \(key.valueKind.accepted)"
        case .invalidValue(let key, let value):
            "invalid value '\(value)' for \(key.rawValue): expected \(key.valueKind.accepted)"
        }
    }
}

extension SettingKey {
    /// The keys a person most likely meant: those whose name after their kind is what was typed
    /// (`reminder_time` → symptom.reminder_time, call.reminder_time and meditation.reminder_time),
    /// or the one a letter or two away; none when two are equally near.
    public static func meant(by typed: String) -> [SettingKey] {
        let typed = typed.lowercased().replacingOccurrences(of: "-", with: "_")
        let bySuffix = allCases.filter { $0.rawValue.hasSuffix("." + typed) }
        if !bySuffix.isEmpty { return bySuffix }
        let near = allCases.map { ($0, EditDistance.between($0.rawValue, typed)) }.filter { $0.1 <= 2 }
        guard let best = near.min(by: { $0.1 < $1.1 }), near.filter({ $0.1 == best.1 }).count == 1 else { return [] }
        return [best.0]
    }

    /// `a, b or c`: the keys' names.
    public static func either(_ keys: [SettingKey]) -> String {
        let names = keys.map(\.rawValue)
        guard let last = names.last, names.count > 1 else { return names.last ?? "" }
        return names.dropLast().joined(separator: ", ") + " or " + last
    }

    public static func named(_ name: String) throws(SettingError) -> SettingKey {
        guard let key = SettingKey(rawValue: name) else { throw .unknownKey(name) }
        return key
    }

    public func canonical(_ value: String) throws(SettingError) -> String {
        guard let canonical = valueKind.canonical(Self.minutes(value, for: rawValue)) else {
            throw .invalidValue(key: self, value: value)
        }
        return canonical
    }

    /// A key counted in minutes (`meds.repeat_minutes`) takes its number with the unit people
    /// add to it (`5 min`, `5m`, `5 minutes`), or a length as every other length is given
    /// (`1h`, `1h30m`, `an hour`, as `--in` and `meditate` take them): stored as the number of
    /// minutes, as `8pm` is stored `20:00`.
    private static func minutes(_ value: String, for key: String) -> String {
        guard key.hasSuffix("_minutes") else { return value }
        let text = value.trimmingCharacters(in: .whitespaces)
        guard Int(text) == nil, case .seconds(let seconds)? = SpokenSpan(text), seconds % 60 == 0 else { return value }
        return String(seconds / 60)
    }

    /// The forms a key counted in minutes takes, for its refusal: `5 or 5 min`, and `or 1h`
    /// where an hour is in its range.
    var minutesForms: String? {
        guard let least = minutesExample else { return nil }
        let hour = valueKind.canonical("60") != nil ? ", \(least) min or 1h" : " or \(least) min"
        return "\(least)\(hour)"
    }

    /// The smallest value of a key counted in minutes, to show its form; nil for another key.
    var minutesExample: Int? {
        guard rawValue.hasSuffix("_minutes") else { return nil }
        switch valueKind {
        case .integer(let range): return range.lowerBound
        case .choice(let values): return values.first
        default: return nil
        }
    }

}
