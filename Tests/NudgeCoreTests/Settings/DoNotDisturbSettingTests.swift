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
        #expect(throws: SettingError.invalidValue(key: .symptomDuringDoNotDisturb, value: input)) {
            try SettingKey.symptomDuringDoNotDisturb.canonical(input)
        }
        #expect(SettingKey.symptomDuringDoNotDisturb.valueKind.accepted == "hold or break-through")
    }

    /// The dose-2 alarm, a medical alarm, takes break-through only: `hold` is refused, and one
    /// another program wrote is an ignored row read as break-through (hostile round on issue 41
    /// after B15, Medium 4).
    @Test(arguments: ["hold", " HOLD "]) func theDoseAlarmNeverHolds(input: String) {
        #expect(throws: SettingError.invalidValue(key: .doseDuringDoNotDisturb, value: input)) {
            try SettingKey.doseDuringDoNotDisturb.canonical(input)
        }
        #expect(SettingKey.doseDuringDoNotDisturb.valueKind.accepted == "break-through")
        let written = Settings(rows: ["dose.during_do_not_disturb": input])
        #expect(written.duringDoNotDisturb(.doseDuringDoNotDisturb) == .breakThrough)
        #expect(written.ignored.map(\.name) == ["dose.during_do_not_disturb"])
    }
}
