import NudgeCore
import NudgeStore

/// `nudge settings reset`: a setting returned to its default (its row deleted).
public struct SettingsReset {
    public var key: SettingKey

    public init(key: SettingKey) { self.key = key }

    public func run(_ context: CommandContext) throws {
        let remembered = key == BackupPolicy.directory ? BackupLocation.remembered(store: context.storePath) : []
        try context.openStore().run { try $0.resetSetting(key) }
        context.print("\(key.rawValue) = \(key.valueKind.shown(key.defaultValue)) (default)")
        SettingsSet.warnOfForgottenFolders(key, remembered: remembered, context)
    }
}
