/// Why the server closed a notification (NotificationClosed's reason), as the store spells it.
public enum CloseReason: String, Sendable {
    case expired
    case dismissed
    case closed
    case undefined

    public init(code: UInt32) {
        switch code {
        case 1: self = .expired
        case 2: self = .dismissed
        case 3: self = .closed
        default: self = .undefined
        }
    }
}
