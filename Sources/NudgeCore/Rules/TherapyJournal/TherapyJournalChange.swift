import Foundation

/// What an answer to a journal reminder writes in the journal's tables.
public enum TherapyJournalChange: AppChange, Equatable {
    case moodAfter(sessionID: String, mood: Int, at: Date)
    /// A reflection, dated `at`; nothing when the session is gone.
    case reflection(sessionID: String, text: String, source: TherapyReflection.Source, at: Date)
}
