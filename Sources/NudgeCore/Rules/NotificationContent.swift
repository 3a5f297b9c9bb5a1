/// What one desktop notification says and offers, independent of how it is shown.
public struct NotificationContent: Sendable, Equatable {
    public var title: String
    public var body: String
    public var actions: [NotificationAction]
    public var urgency: Urgency
    /// The spec's `category` hint, `x-nudge.KIND` for nudge's own classes.
    public var category: String
    /// Stays on screen after an action is invoked (the spec's `resident` hint).
    public var resident: Bool
    /// What it sounds like, if anything: the settings say which sound.
    public var sound: NotificationSound?
    /// What the server is told about sound (the spec's sound hints); the daemon decides it.
    public var soundHint: SoundHint?
    /// A text field in the notification, with this placeholder, where the server offers one
    /// (the `inline-reply` capability); the answer arrives as a reply, not an action.
    public var inlineReply: String?
    /// The body says how to answer from a terminal (a server without buttons).
    public var answeredInTerminal = false
    /// Worded by a ``PrivateRule``: a locked screen shows it ``neutral``.
    public var isPrivate = false

    /// Waits for the person: a button, a text field or a terminal command answers it.
    public var awaitsAnswer: Bool { !actions.isEmpty || inlineReply != nil || answeredInTerminal }

    public init(
        title: String, body: String, actions: [NotificationAction], urgency: Urgency = .normal,
        category: String, resident: Bool = false, sound: NotificationSound? = nil
    ) {
        self.title = title
        self.body = body
        self.actions = actions
        self.urgency = urgency
        self.category = category
        self.resident = resident
        self.sound = sound
    }
}

/// The notification spec's sound hints.
public enum SoundHint: Sendable, Equatable {
    /// `sound-name`: a freedesktop sound-theme name for the server to play.
    case name(String)
    /// `sound-file`: a file for the server to play.
    case file(String)
    /// `suppress-sound`: nudge plays it itself, or it must be silent.
    case suppress
}

/// How a notification sounds.
public enum NotificationSound: Sendable, Equatable {
    /// The sound a setting names, once: by the server when it plays sounds, by nudge when it
    /// does not (or when nothing is shown).
    case once(SettingKey)
    /// The sound a setting names, played by nudge and repeated until answered, for at most the
    /// minutes the other setting gives: servers play a sound once. `offersAwake` adds "I'm
    /// awake", which silences it without an answer.
    case alarm(sound: SettingKey, ringMinutes: SettingKey, offersAwake: Bool)
    /// The sound a setting names, once, played by nudge whatever the server can: what follows
    /// waits for its end, which only nudge hears (a sleep after its warning).
    case awaited(SettingKey)
}

extension NotificationSound {
    /// `sound.reminder`, the gentle sound of every reminder that is not an alarm.
    public static var reminder: NotificationSound { .once(.soundReminder) }
}

extension NotificationAction {
    /// The action key of a typed answer (KDE's inline reply).
    public static let inlineReplyKey = "inline-reply"

    /// On a ringing alarm: stops the ringing and records nothing; the notification stays.
    public static let awake = NotificationAction(key: "awake", label: "I'm awake")
}

extension NotificationContent {
    /// For a server without buttons (no `actions` capability): the body says how to answer
    /// from a terminal instead; `awakeStopsRinging` lists "I'm awake" first, as the button is.
    public func answeredFromTerminal(deliveryID: Int64, awakeStopsRinging: Bool = false) -> NotificationContent {
        guard !actions.isEmpty else { return self }
        var content = self
        let answers = ((awakeStopsRinging ? [NotificationAction.awake] : []) + actions).map {
            "\(SuggestedCommand.ack(deliveryID, $0.key)) (\($0.label))"
        }.joined(
            separator: ", ")
        content.body += (content.body.isEmpty ? "" : "\n") + "Answer in a terminal: \(answers)"
        content.actions = []
        content.answeredInTerminal = true
        return content
    }
}

public struct NotificationAction: Sendable, Equatable {
    public var key: String
    public var label: String
    /// Offered only where nudge can open a terminal (its answer runs a command there).
    public var needsTerminal: Bool

    public init(key: String, label: String, needsTerminal: Bool = false) {
        self.key = key
        self.label = label
        self.needsTerminal = needsTerminal
    }
}

public enum Urgency: UInt8, Sendable {
    case low = 0
    case normal = 1
    case critical = 2
}

/// How text a person typed is put into a notification body.
public enum BodyText: Sendable {
    /// The server renders markup: `&`, `<`, `>` must be escaped or they are shown wrong or swallowed.
    case markup
    case plain

    public func escape(_ text: String) -> String {
        self == .markup ? MarkupEscaping.escaped(text, quotes: false) : text
    }
}
