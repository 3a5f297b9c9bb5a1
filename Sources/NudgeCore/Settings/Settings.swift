/// The settings in force: the store's rows over the defaults.
///
/// A row another program wrote with a value nudge does not accept is ignored in favour of the
/// default and reported in `ignoredRows`, so one bad row never stops every reminder.
public struct Settings: Sendable, Equatable {
    public private(set) var values: [SettingKey: String]
    public private(set) var ignoredRows: [String: String] = [:]

    public init(rows: [String: String] = [:]) {
        values = [:]
        for key in SettingKey.allCases {
            values[key] = key.defaultValue
        }
        for (name, value) in rows {
            guard let key = SettingKey(rawValue: name), let canonical = key.valueKind.canonical(value) else {
                ignoredRows[name] = value
                continue
            }
            values[key] = canonical
        }
    }

    public subscript(key: SettingKey) -> String { values[key] ?? key.defaultValue }

    public func bool(_ key: SettingKey) -> Bool { self[key] == "true" }

    public func int(_ key: SettingKey) -> Int { Int(self[key]) ?? Int(key.defaultValue)! }

    /// A day list (`1,7,30`); empty for none.
    public func days(_ key: SettingKey) -> [Int] {
        self[key].split(separator: ",").compactMap { Int($0) }
    }

    public func time(_ key: SettingKey) -> LocalTime {
        LocalTime(parsing: self[key]) ?? LocalTime(parsing: key.defaultValue)!
    }
}
