import Foundation
import Testing

@testable import NudgeDaemon

/// The wake-up is one CLOCK_REALTIME timer armed at an absolute instant, cancelled when the
/// clock is set: not a relative timeout, which a clock set forward or back, or a resume, would
/// make fire at the wrong wall-clock time. Stopping the process (SIGSTOP) cannot tell the two
/// apart, so this reads back how the kernel holds the timer.
struct WakeTimerTests {
    /// `clockid`, `settime flags` and `it_value` (the time left) from /proc/self/fdinfo.
    func fdinfo(_ descriptor: Int32) throws -> [String: String] {
        let text = try String(contentsOfFile: "/proc/self/fdinfo/\(descriptor)", encoding: .utf8)
        return Dictionary(
            text.split(separator: "\n").compactMap { line in
                let parts = line.split(separator: ":", maxSplits: 1)
                return parts.count == 2 ? (String(parts[0]), parts[1].trimmingCharacters(in: .whitespaces)) : nil
            }
        ) { first, _ in first }
    }

    @Test func isArmedOnTheRealtimeClockAtAnAbsoluteInstantAndCancelledWhenTheClockIsSet() throws {
        let timer = try WakeTimer()
        let due = Date(timeIntervalSince1970: 1_900_000_000.25)
        try timer.arm(at: due)
        let info = try fdinfo(timer.descriptor)
        #expect(info["clockid"] == "0", "CLOCK_REALTIME: \(info)")
        // TFD_TIMER_ABSTIME (1) | TFD_TIMER_CANCEL_ON_SET (2).
        #expect(info["settime flags"] == "03", "\(info)")
        // The kernel reports what is left: the instant less now.
        let left = try #require(info["it_value"]?.dropFirst().split(separator: ",").first.flatMap { Double($0) })
        #expect(abs(left - due.timeIntervalSinceNow) < 2, "\(info)")
        try timer.arm(at: nil)
        #expect(try fdinfo(timer.descriptor)["it_value"] == "(0, 0)")
    }
}
