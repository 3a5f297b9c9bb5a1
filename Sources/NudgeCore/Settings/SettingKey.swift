import Foundation

/// One key of the store's settings contract (nudge(5)), with its default and what it accepts.
/// Each rule declares its own keys beside itself; `allCases` is every rule's, in registry order.
public struct SettingKey: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String
    public let valueKind: SettingValueKind
    /// The canonical default, as it would be stored.
    public let defaultValue: String

    public init(_ rawValue: String, _ valueKind: SettingValueKind, default defaultValue: String) {
        self.rawValue = rawValue
        self.valueKind = valueKind
        self.defaultValue = defaultValue
    }

    /// The key of that name, if the contract has one.
    public init?(rawValue: String) {
        guard let key = Self.byName[rawValue] else { return nil }
        self = key
    }

    public static let allCases: [SettingKey] =
        ReminderRules.all.flatMap(\.settingKeys) + [
            .soundEnabled, .soundReminder, .sleepKeepAwake, .alarmEscalateCommand, ExpiredReshow.minutes,
            .notifyPrivateWhenLocked,
            BackupPolicy.enabled, BackupPolicy.time, BackupPolicy.directory,
        ]

    /// Sound for every kind: on or off, and the gentle reminder sound.
    public static let soundEnabled = SettingKey("sound.enabled", .boolean, default: "true")
    public static let soundReminder = SettingKey("sound.reminder", .sound, default: "message-new-instant")
    /// Keep the computer from idle sleep while something must ring (`KeepingAwakeRule`).
    public static let sleepKeepAwake = SettingKey("sleep.keep_awake", .boolean, default: "true")

    private static let byName = Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, $0) })

    public var description: String { rawValue }

    public static func == (lhs: SettingKey, rhs: SettingKey) -> Bool { lhs.rawValue == rhs.rawValue }

    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
}

public enum SettingValueKind: Sendable, Equatable {
    case boolean
    case timeOfDay
    /// A local time within these bounds (a day that starts between midnight and 06:00).
    case timeOfDayWithin(ClosedRange<LocalTime>)
    /// Days after an event: ascending, distinct, within the range, at most `count`; empty = none.
    case days(ClosedRange<Int>, count: Int)
    case integer(ClosedRange<Int>)
    case choice([Int])
    /// A freedesktop sound-theme name, a file's absolute path, or `none`.
    case sound
    /// A noise's name, a file's absolute path, or `none` (`AmbientSound`).
    case ambient
    /// A directory's absolute path, without control characters; whether it can be used is
    /// checked where files are (`nudge settings set`, the daemon).
    case absoluteDirectory
    /// One of these words, in any case.
    case oneOf([String])
    /// A program's argv as a JSON array (``CommandArguments``); empty for none.
    case command

    /// What a person may type, for messages and `nudge settings`.
    public var accepted: String {
        switch self {
        case .boolean: "true or false (also on/off, yes/no, 1/0)"
        case .timeOfDay: "a local time such as 20:00, 8pm or 8:30 PM"
        case .timeOfDayWithin(let range): "a local time from \(range.lowerBound) to \(range.upperBound)"
        case .days(let range, let count):
            "days such as 1,7,30: ascending, distinct, \(range.lowerBound) to \(range.upperBound), at most \(count); empty for none"
        case .integer(let range): "a whole number from \(range.lowerBound) to \(range.upperBound)"
        case .choice(let values): "one of " + values.map(String.init).joined(separator: ", ")
        case .sound: "a sound-theme name such as bell, a sound file's absolute path, or none"
        case .ambient: AmbientSound.accepted
        case .absoluteDirectory: "a directory's absolute path, such as /home/me/nudge-backups; empty for STORE.backups"
        case .command: CommandArguments.accepted
        case .oneOf(let words) where words.count == 1: words[0]
        case .oneOf(let words): words.dropLast().joined(separator: ", ") + " or " + words.last!
        }
    }

    /// A canonical value as a listing shows it: an empty value says what it means.
    public func shown(_ value: String) -> String {
        guard value.isEmpty else { return value }
        switch self {
        case .days: return "(none)"
        case .absoluteDirectory: return "(STORE.backups)"
        case .command: return "(none)"
        default: return value
        }
    }

    /// The canonical stored text for an input, or nil when the input is not accepted.
    public func canonical(_ input: String) -> String? {
        let text = input.trimmingCharacters(in: .whitespaces)
        switch self {
        case .boolean:
            switch text.lowercased() {
            case "true", "on", "yes", "1": return "true"
            case "false", "off", "no", "0": return "false"
            default: return nil
            }
        case .timeOfDay:
            return LocalTime(parsing: text)?.description
        case .timeOfDayWithin(let range):
            return LocalTime(parsing: text).flatMap { range.contains($0) ? $0.description : nil }
        case .days(let range, let count):
            return Self.canonicalDays(text, range: range, count: count)
        case .integer(let range):
            guard let value = Int(text), range.contains(value) else { return nil }
            return String(value)
        case .choice(let values):
            guard let value = Int(text), values.contains(value) else { return nil }
            return String(value)
        case .absoluteDirectory:
            // Empty is the default: beside the store.
            if text.isEmpty { return "" }
            guard text.hasPrefix("/"),
                !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
            else { return nil }
            return text.count > 1 && text.hasSuffix("/") ? String(text.dropLast()) : text
        case .ambient:
            return AmbientSound.canonical(text)
        case .command:
            return CommandArguments.canonical(text)
        case .oneOf(let words):
            return words.first { $0 == text.lowercased() }
        case .sound:
            return Self.canonicalSound(text)
        }
    }

    /// Up to `count` days in `range`, ascending, comma-separated; empty for none.
    private static func canonicalDays(_ text: String, range: ClosedRange<Int>, count: Int) -> String? {
        guard !text.isEmpty else { return "" }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        let days = parts.compactMap { part in part.allSatisfy(\.isASCII) ? Int(part) : nil }
        guard days.count == parts.count, days.count <= count, days.allSatisfy(range.contains),
            zip(days, days.dropFirst()).allSatisfy({ $0 < $1 })
        else { return nil }
        return days.map(String.init).joined(separator: ",")
    }

    /// A sound file's absolute path, or a theme sound's name (`none` in any case is none).
    private static func canonicalSound(_ text: String) -> String? {
        if text.hasPrefix("/") {
            return text.unicodeScalars.contains { $0.properties.generalCategory == .control } ? nil : text
        }
        let name = text.lowercased() == "none" ? "none" : text
        return !name.isEmpty
            && name.unicodeScalars.allSatisfy {
                CharacterSet.alphanumerics.contains($0) || "-_.".unicodeScalars.contains($0)
            }
            ? name : nil
    }
}
