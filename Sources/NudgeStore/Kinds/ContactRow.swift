import Foundation
import NudgeCore

/// A contact as the command line shows it.
public struct ContactRow: Sendable, Equatable {
    public var id: Int64
    public var name: String
    public var everyDays: Int?
    public var createdAt: Date
    public var lastCall: Date?
    public var restartedOn: CivilDate?
    /// The serial its occurrence keys use (nil only until the store's triggers gave it one).
    public var identity: Int64?
    /// Another program wrote a cadence nudge cannot read ('weekly', 99999): it has none here.
    public var hasUnreadableCadence = false

    public var cadence: ContactCadence? {
        guard let everyDays, let identity else { return nil }
        return ContactCadence(
            contactID: id, identity: identity, name: name, everyDays: everyDays, createdAt: createdAt,
            lastCall: lastCall,
            restartedOn: restartedOn)
    }
}
