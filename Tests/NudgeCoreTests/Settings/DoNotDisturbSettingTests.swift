import Testing

@testable import NudgeCore

/// `KIND.during_do_not_disturb`: each kind's default, as its rule declares it, and the words
/// accepted.
@Suite struct DoNotDisturbSettingTests {
    @Test func theAlarmBreaksThroughAndTheCheckInsWait() {
        let settings = Settings()
        let choices = Dictionary(
            uniqueKeysWithValues: ReminderRules.all.compactMap { rule in
                (rule as? any DoNotDisturbRule).map {
                    (rule.kind.rawValue, settings.duringDoNotDisturb($0.doNotDisturbSetting))
                }
            })
        #expect(
            choices == [
                "dose2": .breakThrough, "symptom": .hold, "call": .hold, "journal": .hold, "meditation": .hold,
                "medication": .breakThrough, "reminder": .hold,
            ])
        for rule in ReminderRules.all {
            guard let quieting = rule as? any DoNotDisturbRule else { continue }
            #expect(rule.settingKeys.contains(quieting.doNotDisturbSetting), "\(rule.kind)")
        }
    }

    @Test(arguments: [("hold", "hold"), ("Break-Through", "break-through"), (" HOLD ", "hold")])
    func acceptsEitherWord(input: String, stored: String) throws {
        #expect(try SettingKey.symptomDuringDoNotDisturb.canonical(input) == stored)
    }

    @Test(arguments: ["", "later", "breakthrough", "true", "hold,break-through"])
    func refusesAnythingElse(input: String) {
        #expect(throws: SettingError.invalidValue(key: .doseDuringDoNotDisturb, value: input)) {
            try SettingKey.doseDuringDoNotDisturb.canonical(input)
        }
        #expect(SettingKey.doseDuringDoNotDisturb.valueKind.accepted == "hold or break-through")
    }
}
