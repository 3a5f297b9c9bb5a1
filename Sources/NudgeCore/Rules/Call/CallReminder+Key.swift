import Foundation

extension CallReminder {
    /// What an occurrence key says: whose, which kind, and the follow-up it may be. Keys name
    /// contacts and one-offs by their serials, which are never given twice, not by row ids.
    public struct Key: Sendable, Equatable {
        public enum Kind: Sendable, Equatable {
            case cadence(due: CivilDate)
            case once(reminderIdentity: Int64)
        }

        public var contactIdentity: Int64
        public var kind: Kind
        /// The key without a `:tomorrow:N` suffix: follow-ups are numbered after it.
        public var base: String

        public init?(_ key: String) {
            let parts = key.split(separator: ":").map(String.init)
            guard parts.count >= 4, parts[0] == "call", let contact = Int64(parts[1]) else { return nil }
            contactIdentity = contact
            base = parts[0...3].joined(separator: ":")
            switch parts[2] {
            case "cadence":
                guard let date = CivilDate(iso: parts[3]) else { return nil }
                kind = .cadence(due: date)
            case "once":
                guard let id = Int64(parts[3]) else { return nil }
                kind = .once(reminderIdentity: id)
            default:
                return nil
            }
        }
    }
}
