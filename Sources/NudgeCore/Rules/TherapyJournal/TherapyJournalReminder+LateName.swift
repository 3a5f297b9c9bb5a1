import Foundation

extension TherapyJournalReminder {
    /// "a reflection on a session (Monday 23 Nov)", "the mood after a session (Monday 23 Nov,
    /// 18:00)": two late at one time are told apart by their session's day, and its time where
    /// two sessions share the day, never by what was written.
    public func lateName(of occurrence: Occurrence, in input: RuleInput<Facts>) -> String {
        guard let key = Key(occurrence.key), let session = input.facts.sessions.first(where: { $0.id == key.session })
        else { return "a journal reminder" }
        let clock = input.clock
        let date = clock.date(of: session.startedAt)
        var day = "\(clock.weekdayName(date)) \(date.day) \(clock.monthAbbreviations[date.month - 1])"
        let sameDay = input.facts.sessions.filter { clock.date(of: $0.startedAt) == date }
        if sameDay.count > 1 { day += ", \(clock.timeOfDay(session.startedAt))" }
        switch key {
        case .mood: return "the mood after a session (\(day))"
        case .invitation: return "a reflection on a session (\(day))"
        }
    }
}
