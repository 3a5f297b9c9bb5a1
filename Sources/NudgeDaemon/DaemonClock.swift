import Foundation

/// The daemon's clock: the system's real time, optionally shifted by a fixed offset.
///
/// The offset is the injected clock the tests use (`NUDGE_FAKE_NOW` starts a process at another
/// wall-clock time that then advances in real time, as libfaketime would). Kernel timers are
/// armed in real time, so the offset is removed again when the timer is armed.
public struct DaemonClock: Sendable {
    public let offset: TimeInterval

    public init(offset: TimeInterval = 0) {
        self.offset = offset
    }

    /// A clock that reads `fakeNow` at this moment, or the real clock when it is nil.
    public init(startingAt fakeNow: Date?) {
        offset = fakeNow.map { $0.timeIntervalSinceNow } ?? 0
    }

    public func now() -> Date { Date().addingTimeInterval(offset) }

    /// The real instant at which this clock reads `date`.
    func realInstant(for date: Date) -> Date { date.addingTimeInterval(-offset) }
}
