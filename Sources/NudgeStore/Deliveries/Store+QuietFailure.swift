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

    /// What another program wrote there in another shape is no failure of nudge's.
    public func quietFailure() throws(StoreError) -> QuietFailure? {
        try metadataValue(QuietFailure.self)
    }

    /// Records the failure (replacing any other); nil removes it.
    public func recordQuietFailure(_ failure: QuietFailure?) throws(StoreError) {
        try recordMetadataValue(failure, as: QuietFailure.self)
    }
}

extension Store.QuietFailure: StoreMetadataValue {
    static let metadataKey = "desktop_quiet_failed"

    /// `INSTANT SWITCH REASON`: the reason may hold spaces.
    init?(metadataText: String) {
        let parts = metadataText.split(separator: " ", maxSplits: 2)
        guard parts.count == 3, let at = Timestamp.parse(String(parts[0])) else { return nil }
        self.init(at: at, change: String(parts[1]), reason: String(parts[2]))
    }

    var metadataText: String { "\(Timestamp.format(at)) \(change) \(reason)" }
}
