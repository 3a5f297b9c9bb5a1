import Foundation
import GRDB

/// What the daemon did to the desktop's Do Not Disturb for a span that wants it quiet (a
/// meditation): written before the desktop is changed, so that a daemon killed meanwhile
/// leaves the next one what to put back, and removed once it was put back, so that it is put
/// back once. One span at a time; kept in `store_metadata` (nudge's bookkeeping, not a record).
extension Store {
    /// One span's decision: the switch turned on (`gnome`, `dunst`, `plasma`), or `left` when
    /// the desktop is left as the person has it (their own Do Not Disturb was on at its start,
    /// they turned nudge's off during it, or nothing here can turn it on).
    public struct QuietedDesktop: Sendable, Equatable {
        public var span: String
        public var change: String

        public static let left = "left"

        public init(span: String, change: String) {
            self.span = span
            self.change = change
        }
    }

    public func quietedDesktop() throws(StoreError) -> QuietedDesktop? {
        try metadataValue(QuietedDesktop.self)
    }

    /// Records the span's decision (replacing any other's); nil removes it.
    public func recordQuietedDesktop(_ record: QuietedDesktop?) throws(StoreError) {
        try recordMetadataValue(record, as: QuietedDesktop.self)
    }
}

extension Store.QuietedDesktop: StoreMetadataValue {
    static let metadataKey = "desktop_quieted"

    /// `SPAN CHANGE`: a span's key holds no space. Anything else another program wrote is no
    /// record: nothing of the desktop is changed for it.
    init?(metadataText: String) {
        let parts = metadataText.split(separator: " ")
        guard parts.count == 2 else { return nil }
        self.init(span: String(parts[0]), change: String(parts[1]))
    }

    var metadataText: String { "\(span) \(change)" }
}
