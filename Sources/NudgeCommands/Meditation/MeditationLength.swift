import NudgeCore

/// How long a session lasts as given: 30 seconds to 4 hours, as DurationText reads it.
public struct MeditationLength: Sendable, Equatable {
    public var seconds: Int

    /// A length refused says which limit it passed, in words.
    public init(_ text: String) throws(InputError) {
        guard let seconds = DurationText.parse(text).map(Int.init) else {
            throw InputError(
                "'\(text)' is not a length of time; give a session length from 30 seconds to 4 hours as \(DurationText.accepted)"
            )
        }
        guard seconds <= MeditationSession.lengths.upperBound else {
            throw InputError(
                "'\(text)' is longer than a session may be: 4 hours at most; give 4h or less, such as 1h30m")
        }
        guard seconds >= MeditationSession.lengths.lowerBound else {
            throw InputError(
                "'\(text)' is shorter than a session may be: 30 seconds at least; give 30s or more, such as 10m")
        }
        self.seconds = seconds
    }
}
