import ArgumentParser
import NudgeCore

/// An option for a number of whole minutes, taken as people say a length of time (`12`, `12m`,
/// `12 min`, `1h30m`, `1:30`, `120s`): the refusal names the range and the forms, each a whole
/// number of minutes (`90s` is not).
enum DurationMinutes {
    static func parser(_ range: ClosedRange<Int>) -> @Sendable (String) throws -> Int {
        { text in
            guard let seconds = DurationText.parse(text), seconds.truncatingRemainder(dividingBy: 60) == 0 else {
                throw ValidationError(
                    "not a whole number of minutes; give one from \(range.lowerBound) to \(range.upperBound) as \(DurationText.acceptedMinutes)"
                )
            }
            return Int(seconds / 60)
        }
    }
}
