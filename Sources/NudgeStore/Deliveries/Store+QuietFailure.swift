import Foundation
import GRDB
import NudgeCore

/// The last time a span's switch could not be turned on (a server with Plasma's `Inhibited`
/// but no `Inhibit`, a GNOME setting that cannot be written): `nudge doctor` says the desktop
/// could not be quieted, and why, until a switch is turned on again. Kept in `store_metadata`.
extension Store {
    public struct QuietFailure: Sendable, Equatable {
        public var at: Date
        /// The switch's name (`gnome`, `dunst`, `plasma`).
        public var change: String
        /// What failed, as the desktop said it.
        public var reason: String

        public init(at: Date, change: String, reason: String) {
            (self.at, self.change, self.reason) = (at, change, reason)
        }
    }

    static let quietFailureKey = "desktop_quiet_failed"

    /// What another program wrote there in another shape is no failure of nudge's.
    public func quietFailure() throws(StoreError) -> QuietFailure? {
        try read { db in
            guard try db.tableExists("store_metadata"),
                let value = try String.fetchOne(
                    db, sql: "SELECT value FROM store_metadata WHERE key = ?", arguments: [Self.quietFailureKey])
            else { return nil }
            // `INSTANT SWITCH REASON`: the reason may hold spaces.
            let parts = value.split(separator: " ", maxSplits: 2)
            guard parts.count == 3, let at = Timestamp.parse(String(parts[0])) else { return nil }
            return QuietFailure(at: at, change: String(parts[1]), reason: String(parts[2]))
        }
    }

    /// Records the failure (replacing any other); nil removes it.
    public func recordQuietFailure(_ failure: QuietFailure?) throws(StoreError) {
        try write { db in
            try db.execute(sql: "DELETE FROM store_metadata WHERE key = ?", arguments: [Self.quietFailureKey])
            guard let failure else { return }
            try db.execute(
                sql: "INSERT INTO store_metadata (key, value) VALUES (?, ?)",
                arguments: [
                    Self.quietFailureKey, "\(Timestamp.format(failure.at)) \(failure.change) \(failure.reason)",
                ])
        }
    }
}
