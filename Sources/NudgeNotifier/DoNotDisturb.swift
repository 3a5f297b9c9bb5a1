/// Whether the desktop is in Do Not Disturb: on when any source says so.
public struct DoNotDisturb: Sendable, Equatable, CustomStringConvertible {
    /// Where the desktop says it: each desktop keeps its own.
    public enum Source: String, Sendable, Hashable, CaseIterable, Comparable, CustomStringConvertible {
        /// GNOME: `org.gnome.desktop.notifications show-banners` is false.
        case gnome = "GNOME's show-banners is off"
        /// KDE Plasma's server: its `Inhibited` property on `org.freedesktop.Notifications`.
        case inhibited = "the notification server is inhibited"
        /// dunst: `paused` on `org.dunstproject.cmd0`. A paused dunst (1.9) holds even critical
        /// notifications, so an alarm that breaks through rings nudge's own sound.
        case dunstPaused = "dunst is paused"

        /// Its name in the store's record of what nudge turned on (`Store.QuietedDesktop`).
        public var switchName: String {
            switch self {
            case .gnome: "gnome"
            case .inhibited: "plasma"
            case .dunstPaused: "dunst"
            }
        }

        /// The switch in a person's words, for the log: never the case's name.
        public var description: String {
            switch self {
            case .gnome: "GNOME's show-banners"
            case .inhibited: "the notification server's Inhibit"
            case .dunstPaused: "dunst's pause"
            }
        }

        public init?(switchName: String) {
            guard let found = Self.allCases.first(where: { $0.switchName == switchName }) else { return nil }
            self = found
        }

        public static func < (lhs: Source, rhs: Source) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }

    /// The sources that say it is on now.
    public var sources: Set<Source> = []
    /// The notification server on the bus now, numbered by its appearance since the watch
    /// began; nil while none is. A new number is a server (re)started, with its own switch as
    /// it starts (a restarted dunst is unpaused), whoever turned the last one's on.
    public var server: Int?
    /// Which server that is (`NotificationServerOwner`), as the store records the notifier's:
    /// nil while none is, or when the bus did not say.
    public var serverOwner: String?

    public init(sources: Set<Source> = [], server: Int? = nil, serverOwner: String? = nil) {
        (self.sources, self.server, self.serverOwner) = (sources, server, serverOwner)
    }

    public var isOn: Bool { !sources.isEmpty }

    /// The server holds back even a critical notification while on: only nudge's own sound is
    /// heard.
    public var serverHoldsCritical: Bool { sources.contains(.dunstPaused) }

    public var description: String {
        isOn ? sources.sorted().map(\.rawValue).joined(separator: ", ") : "off"
    }
}

/// What a dunst on the bus can let through while paused.
public struct DunstPausing: Sendable, Equatable {
    /// dunst 1.10 and later: a rule's `override_pause_level` shows chosen notifications while
    /// paused. dunst 1.9 has no pause levels: a paused 1.9 holds every notification.
    public var hasPauseLevels: Bool
}
