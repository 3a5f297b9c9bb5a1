/// How a due occurrence reaches the person: a notification on screen, or a bell heard and not
/// seen (a meditation's start and interval bells).
public enum Presentation: Sendable, Equatable {
    case notification(NotificationContent)
    /// The sound a setting names, played by nudge at its instant; the title is what the
    /// history calls it.
    case bell(sound: SettingKey, title: String)

    /// The notification, or nil for a bell.
    public var notification: NotificationContent? {
        guard case .notification(let content) = self else { return nil }
        return content
    }
}
