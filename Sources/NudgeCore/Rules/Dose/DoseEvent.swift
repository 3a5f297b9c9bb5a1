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

extension Timestamp {
    /// A time in DoseTap's tables: milliseconds and `Z` (`2026-11-24T06:38:49.923Z`). DoseTap
    /// reads them with `.withFractionalSeconds`, which finds no time in `2026-11-24T06:38:49Z`.
    public static func formatForDoseTap(_ date: Date) -> String { format(date, fractionDigits: 3) }
}
