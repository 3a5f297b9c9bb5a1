import NudgeCore

/// The first and last day a listing or an export covers; nil where the range reaches the
/// diary's first or last entry.
public struct DayRange: Equatable, Sendable {
    public var first: CivilDate?
    public var last: CivilDate?

    public init(first: CivilDate?, last: CivilDate?) {
        self.first = first
        self.last = last
    }

    public static let all = DayRange(first: nil, last: nil)
}
