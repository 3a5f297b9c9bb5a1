import Foundation

/// A rule's occurrences on some days: every due instant computed, each whole occurrence (a key
/// and a title, two strings) built only when asked for. With thousands of contacts a plan reads
/// every instant but needs only what is due now and next.
public struct GeneratedOccurrences: Sendable {
    /// In generation order.
    public let dueAt: [Date]
    /// Every occurrence due before this instant is here; later ones may be missing (their
    /// facts were not read). Nil: all are here.
    public let horizon: Date?
    private let build: @Sendable (Int) -> Occurrence

    /// `build(i)` is the occurrence due at `dueAt[i]`.
    public init(dueAt: [Date], horizon: Date? = nil, build: @escaping @Sendable (Int) -> Occurrence) {
        self.dueAt = dueAt
        self.horizon = horizon
        self.build = build
    }

    /// A few occurrences, built already.
    public init(_ occurrences: [Occurrence]) {
        self.init(dueAt: occurrences.map(\.dueAt)) { occurrences[$0] }
    }

    /// A few occurrences found on `days`, of a rule whose next may be past them (weekly,
    /// every few days): the plan wakes at the start of the day after them to look further,
    /// never sleeping past one.
    public init(_ occurrences: [Occurrence], lookingNoFurtherThan days: ClosedRange<CivilDate>, clock: WallClock) {
        self.init(dueAt: occurrences.map(\.dueAt), horizon: clock.startOfDay(days.upperBound.adding(days: 1))) {
            occurrences[$0]
        }
    }

    public subscript(index: Int) -> Occurrence { build(index) }
}
