import NudgeCore

/// A day as `reminders` and `remind` print it, its weekday first (`Sat 2026-11-28 18:00`),
/// typed back (hostile round on issue 40, M8): the words after the weekday, read as every other
/// form is, zone included; a weekday that is not the date's is refused naming both.
enum PrintedWeekday {
    /// `text` without a leading weekday that is its date's, in English or the person's clock's
    /// words (full or short); `text` as it is when it does not begin with a weekday and a date.
    static func removed(_ text: String, clock: WallClock) throws(InputError) -> String {
        let words = text.split(whereSeparator: \.isWhitespace)
        guard words.count >= 2, let date = CivilDate(iso: words[1]) else { return text }
        let typed = words[0].lowercased().trimmingCharacters(in: [".", ","])
        let english = CivilDate.weekdayNames
        let names = [english, english.map { String($0.prefix(3)) }, clock.weekdayNames, clock.weekdayAbbreviations]
        guard let named = (0..<7).first(where: { day in names.contains { $0[day].lowercased() == typed } }) else {
            return text
        }
        guard named == date.weekday else {
            let shown = String(words[0])
            let kept = clock.weekdayAbbreviations[date.weekday]
            throw InputError(
                "a weekday that is not the date's: \(date) is a \(clock.weekdayName(date)), not \(shown); give \(kept) \(date) or \(date)"
            )
        }
        return words.dropFirst().joined(separator: " ")
    }

    /// `removed` on the person's clock now.
    static func removed(_ text: String) throws(InputError) -> String {
        try removed(text, clock: CommandContext(storeOption: nil).wallClock)
    }
}
