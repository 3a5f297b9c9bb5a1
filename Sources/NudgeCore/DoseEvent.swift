import Foundation

/// A `dose_events` row and what it changes in `current_session`, as DoseTap writes them.
public struct DoseEvent: AppChange, Equatable {
    public var record: DoseRecord
    public var sessionID: String
    public var sessionDate: String
    /// Written only while this session is still the open one; otherwise nothing is written
    /// (the slept-through record, decided before dose 2 may have been taken).
    public var onlyWhileOpen: Bool

    public init(_ record: DoseRecord, session: DoseSession, onlyWhileOpen: Bool = false) {
        self.record = record
        self.sessionID = session.sessionID
        self.sessionDate = session.sessionDate
        self.onlyWhileOpen = onlyWhileOpen
    }

    /// `dose2_skipped` with `{"reason":"slept_through"}`, for a session still open then.
    public static func sleptThrough(_ session: DoseSession, at instant: Date) -> DoseEvent {
        DoseEvent(
            DoseRecord(eventType: .dose2Skipped, timestamp: instant, metadata: DoseAnswer.reasonJSON("slept_through"), action: ""),
            session: session, onlyWhileOpen: true)
    }
}
