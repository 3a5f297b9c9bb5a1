import NudgeCore
import NudgeStore

/// `nudge settings get`: one setting's value in force.
public struct SettingsGet {
    public var key: SettingKey

    public init(key: SettingKey) { self.key = key }

    public func run(_ context: CommandContext) throws {
        let settings = try context.openStoreForReading().run { try $0.settings() }
        context.print(settings[key])
        // The default printed for a row another program spoiled would pass for the stored value.
        if let ignored = settings.ignored.first(where: { $0.key == key }) {
            context.environment.errors("nudge: \(ignored.sentence)\n")
        }
    }
}
