import Foundation

/// A `dose_events` row and what it changes in `current_session`, as DoseTap writes them.
public struct DoseEvent: AppChange, Equatable {
    public var record: DoseRecord
    public var sessionID: String
    public var sessionDate: String

    public init(_ record: DoseRecord, session: DoseSession) {
        self.record = record
        self.sessionID = session.sessionID
        self.sessionDate = session.sessionDate
    }
}
