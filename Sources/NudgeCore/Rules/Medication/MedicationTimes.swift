/// The times of day a medication is due, as `--at` gives them: `08:00` or `08:00,14:00`,
/// distinct, stored in order as `HH:MM` joined by commas.
public struct MedicationTimes: Sendable, Equatable, CustomStringConvertible {
    public var times: [LocalTime]

    /// More doses of one medication a day than this are no schedule anyone keeps.
    public static let most = 12

    public init(times: [LocalTime]) { self.times = times }

    public var description: String { times.map(\.description).joined(separator: ",") }

    public static func parse(_ text: String) throws(InputError) -> MedicationTimes {
        var times: [LocalTime] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let time = LocalTime(parsing: String(part)) else {
                throw InputError(
                    "--at '\(TextInput.oneLine(text))': '\(TextInput.oneLine(String(part)))' is not a time of day; give times such as 08:00 or 08:00,14:00"
                )
            }
            guard !times.contains(time) else {
                throw InputError("--at '\(text)' names \(time) twice; give each time once")
            }
            times.append(time)
        }
        guard times.count <= most else {
            throw InputError("--at '\(text)' gives \(times.count) times; give at most \(most)")
        }
        return MedicationTimes(times: times.sorted())
    }
}
