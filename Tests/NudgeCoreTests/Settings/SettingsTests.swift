import Testing

@testable import NudgeCore

@Suite struct SettingsTests {
    @Test(arguments: [
        ("20:00", "20:00"), ("8pm", "20:00"), ("8:30 PM", "20:30"), ("8:05", "08:05"), ("12am", "00:00"),
        ("12pm", "12:00"), ("7 a.m.", "07:00"), ("00:00", "00:00"), ("23:59", "23:59"), ("20", "20:00"),
        ("9", "09:00"), ("22h", "22:00"), ("9h30", "09:30"), ("0900", "09:00"), ("9.30", "09:30"),
        ("21.30", "21:30"), ("8:30a.m.", "08:30"), ("8 p. m.", "20:00"), ("  7pm ", "19:00"),
    ])
    func acceptsTimesInCanonicalForm(input: String, stored: String) throws {
        #expect(try SettingKey.symptomReminderTime.canonical(input) == stored)
    }

    @Test(arguments: [
        "25:99", "24:00", "13pm", "0am", "24", "8:5", "", "teatime", "-3", "20:00:00", "８:00", "900", "2460", "9h5",
        "h",
        // Dots and spaces inside the number were dropped: `1.5` was 15:00 (hostile round on issue 40).
        "1.5", "2.2", "1.0", "0.9", "2..1", "1.8.0.0", "1 5", "2 2:10", "2 1:00", "09.3", "1.5h",
    ])
    func refusesTimesThatAreNot(input: String) {
        #expect(throws: SettingError.invalidValue(key: .symptomReminderTime, value: input)) {
            try SettingKey.symptomReminderTime.canonical(input)
        }
    }

    @Test(arguments: [
        ("on", "true"), ("YES", "true"), ("1", "true"), ("off", "false"), ("no", "false"), ("0", "false"),
    ])
    func booleansHaveOneStoredForm(input: String, stored: String) throws {
        #expect(try SettingKey.symptomReminderEnabled.canonical(input) == stored)
    }

    @Test(arguments: [
        (SettingKey.symptomSnoozeMinutes, "-3"), (.symptomSnoozeMinutes, "4"), (.symptomSnoozeMinutes, "241"),
        (.doseTargetIntervalMinutes, "170"), (.doseMaxSnoozes, "11"), (.sessionRolloverHour, "24"),
        (.symptomReminderEnabled, "maybe"),
    ])
    func refusesValuesOutOfRange(key: SettingKey, input: String) {
        #expect(throws: SettingError.invalidValue(key: key, value: input)) { try key.canonical(input) }
    }

    @Test func messagesNameKeyValueAndWhatIsAccepted() {
        let message = SettingError.invalidValue(key: .symptomReminderTime, value: "25:99").description
        #expect(
            message
                == "invalid value '25:99' for symptom.reminder_time: expected a local time such as 20:00, 8pm or 8:30 PM"
        )
        #expect(throws: SettingError.unknownKey("symptom.color")) { try SettingKey.named("symptom.color") }
    }

    @Test func rowsOverDefaultsAndBadRowsIgnored() {
        let settings = Settings(rows: [
            "symptom.reminder_time": "21:15", "symptom.snooze_minutes": "9999", "other": "x",
        ])
        #expect(settings.time(.symptomReminderTime).description == "21:15")
        #expect(settings.int(.symptomSnoozeMinutes) == 60)
        #expect(settings.ignoredRows == ["symptom.snooze_minutes": "9999", "other": "x"])
        #expect(settings.bool(.symptomReminderEnabled))
    }

    /// Every key counted in minutes takes a length as lengths are given elsewhere (issue 40,
    /// hostile round: `meds.repeat_minutes 1h` was refused), stored as its minutes; a length of
    /// seconds, or one outside the key's range, is not.
    @Test(arguments: [
        (SettingKey.medsRepeatMinutes, "1h", "60"), (.medsRepeatMinutes, "an hour", "60"),
        (.medsRepeatMinutes, "5 min", "5"), (.medsRepeatMinutes, " 7 ", "7"), (.symptomSnoozeMinutes, "2h", "120"),
        (.symptomSnoozeMinutes, "1h30m", "90"), (.doseAlarmRingMinutes, "5 minutes", "5"),
    ])
    func aKeyInMinutesTakesALength(key: SettingKey, input: String, stored: String) throws {
        #expect(try key.canonical(input) == stored)
    }

    @Test(arguments: [
        (SettingKey.medsRepeatMinutes, "2h"), (.medsRepeatMinutes, "90s"), (.medsRepeatMinutes, "1d"),
        (.doseAlarmRingMinutes, "1h"),
    ])
    func aLengthOutsideTheKeysMinutesIsRefused(key: SettingKey, input: String) {
        #expect(throws: SettingError.invalidValue(key: key, value: input)) { try key.canonical(input) }
    }
}
