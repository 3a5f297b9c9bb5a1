import Foundation

/// Every settings key of the store's contract (STORE.md), with its default and what it accepts.
public enum SettingKey: String, CaseIterable, Sendable {
    case symptomReminderEnabled = "symptom.reminder_enabled"
    case symptomReminderTime = "symptom.reminder_time"
    case symptomSnoozeMinutes = "symptom.snooze_minutes"
    case doseNotificationsEnabled = "dose.notifications_enabled"
    case doseTargetIntervalMinutes = "dose.target_interval_minutes"
    case doseSnoozeDurationMinutes = "dose.snooze_duration_minutes"
    case doseMaxSnoozes = "dose.max_snoozes"
    case doseWindowOpenAlert = "dose.window_open_alert"
    case doseFifteenMinuteWarning = "dose.fifteen_min_warning"
    case doseFiveMinuteWarning = "dose.five_min_warning"
    case sessionRolloverHour = "session.rollover_hour"
    case callRemindersEnabled = "call.reminders_enabled"
    case callReminderTime = "call.reminder_time"

    public var valueKind: SettingValueKind {
        switch self {
        case .symptomReminderEnabled, .doseNotificationsEnabled, .doseWindowOpenAlert,
            .doseFifteenMinuteWarning, .doseFiveMinuteWarning, .callRemindersEnabled:
            .boolean
        case .symptomReminderTime, .callReminderTime:
            .timeOfDay
        case .symptomSnoozeMinutes: .integer(5...240)
        case .doseTargetIntervalMinutes: .choice([165, 180, 195, 210, 225])
        case .doseSnoozeDurationMinutes: .integer(1...30)
        case .doseMaxSnoozes: .integer(0...10)
        case .sessionRolloverHour: .integer(0...23)
        }
    }

    /// The canonical default, as it would be stored.
    public var defaultValue: String {
        switch self {
        case .symptomReminderEnabled, .doseNotificationsEnabled, .doseWindowOpenAlert,
            .doseFifteenMinuteWarning, .doseFiveMinuteWarning, .callRemindersEnabled:
            "true"
        case .symptomReminderTime: "20:00"
        case .callReminderTime: "09:00"
        case .symptomSnoozeMinutes: "60"
        case .doseTargetIntervalMinutes: "165"
        case .doseSnoozeDurationMinutes: "10"
        case .doseMaxSnoozes: "3"
        case .sessionRolloverHour: "18"
        }
    }
}

public enum SettingValueKind: Sendable, Equatable {
    case boolean
    case timeOfDay
    case integer(ClosedRange<Int>)
    case choice([Int])

    /// What a person may type, for messages and `nudge settings`.
    public var accepted: String {
        switch self {
        case .boolean: "true or false (also on/off, yes/no, 1/0)"
        case .timeOfDay: "a local time such as 20:00, 8pm or 8:30 PM"
        case .integer(let range): "a whole number from \(range.lowerBound) to \(range.upperBound)"
        case .choice(let values): "one of " + values.map(String.init).joined(separator: ", ")
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
        case .integer(let range):
            guard let value = Int(text), range.contains(value) else { return nil }
            return String(value)
        case .choice(let values):
            guard let value = Int(text), values.contains(value) else { return nil }
            return String(value)
        }
    }
}
