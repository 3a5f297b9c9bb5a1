import Foundation
import NudgeCore

/// The suite's one source of "now".
///
/// `NUDGE_TEST_NOW` (an ISO 8601 instant) runs the whole suite as if it had started then; the
/// instant advances in real time from the runner's start, as nudge's own injected clock does, so
/// daemons and the tests that wait for them agree. Unset, it is the real clock.
/// `contrib/scripts/test-any-day.sh` sets it. Every nudge a test starts gets it as
/// `NUDGE_FAKE_NOW` unless the test pins an instant of its own, and a date a test types or
/// expects is derived from `TestClock.now()`, never from the day the test was written.
public enum TestClock {
    private static let anchor: (fake: Date, real: Date)? = {
        guard let text = ProcessInfo.processInfo.environment["NUDGE_TEST_NOW"], !text.isEmpty else { return nil }
        guard let instant = Timestamp.parse(text) else {
            preconditionFailure("NUDGE_TEST_NOW=\(text) is not an ISO 8601 instant")
        }
        return (instant, Date())
    }()

    public static func now() -> Date {
        instant(atRealTime: Date())
    }

    /// The suite's instant for a moment of the real clock, such as a file's modification time.
    public static func instant(atRealTime real: Date) -> Date {
        guard let anchor else { return real }
        return anchor.fake.addingTimeInterval(real.timeIntervalSince(anchor.real))
    }

    /// `NUDGE_FAKE_NOW` for a nudge started at this moment, or nil on the real clock.
    public static var injectedNow: String? {
        anchor.map { _ in Timestamp.format(now(), fractionDigits: 3) }
    }
}
