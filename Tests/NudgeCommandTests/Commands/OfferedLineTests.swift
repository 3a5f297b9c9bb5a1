import Foundation
import NudgeTestSupport
import Testing

/// A line a refusal offers is one the command takes when typed back (issue 40, sixth round):
/// `call remind Alice today` after 9:00 is not offered `--at 'today 9:00'`, which has passed,
/// nor `meditations add tomorrow 9:00 20` a session to come, nor one that would overlap.
@Suite struct OfferedLineTests {
    /// Times of day either side of 9:00, in zones either side of UTC.
    static let clocks: [[String: String]] = [
        ["TZ": "Europe/Berlin", "NUDGE_FAKE_NOW": "2026-11-22T06:00:00+01:00"],
        ["TZ": "Europe/Berlin", "NUDGE_FAKE_NOW": "2026-11-22T09:30:00+01:00"],
        ["TZ": "America/New_York", "NUDGE_FAKE_NOW": "2026-11-21T19:10:00-05:00"],
        ["TZ": "Pacific/Auckland", "NUDGE_FAKE_NOW": "2026-11-23T23:59:00+13:00"],
        ["TZ": "Asia/Kolkata", "NUDGE_FAKE_NOW": "2026-11-22T00:05:00+05:30"],
    ]
    static let typed: [[String]] = [
        ["call", "remind", "Alice", "today"],
        ["call", "remind", "Alice", "tomorrow"],
        ["meditations", "add", "tomorrow", "9:00", "20"],
        ["meditations", "add", "today", "9:00", "20"],
        ["meditations", "add", "yesterday", "9:00", "20"],
    ]

    @Test(arguments: clocks)
    func eachOfferedLineIsTaken(clock: [String: String]) throws {
        var offered: [[String]] = []
        for typed in Self.typed {
            let directory = TemporaryDirectory()
            let store = ["--store", directory.file("nudge.sqlite")]
            #expect(InProcessNudge.run(["contacts", "add", "Alice"] + store, environment: clock).status == 0)
            // What `meditations add yesterday 9:00 20` would overlap.
            let earlier = ["meditations", "add", "--at", "yesterday 9:10", "--minutes", "5"]
            #expect(InProcessNudge.run(earlier + store, environment: clock).status == 0)
            let refused = InProcessNudge.run(typed + store, environment: clock)
            #expect(refused.status == 64, "\(typed): \(refused)")
            guard let line = try Self.offeredLine(in: refused.stderr, typed: typed + store) else { continue }
            offered.append(line)
            let taken = InProcessNudge.run(line, environment: clock)
            #expect(taken.status == 0, "\(typed) at \(clock) offered \(line): \(taken)")
        }
        // Tomorrow at 9:00 is always to come: at least that line is offered.
        #expect(offered.contains { $0.starts(with: ["call", "remind", "Alice"]) }, "\(offered)")
    }

    /// The words offered, after `nudge`: a whole line, or the line typed with its stray word
    /// given as the option the refusal names; nil when none is offered.
    static func offeredLine(in refusal: String, typed: [String]) throws -> [String]? {
        let text = refusal.trimmingCharacters(in: .newlines)
        if let line = text.split(separator: "did you mean: ").dropFirst().last {
            return try #require(try WholeLineSuggestionTests.shellWords([String(line)]).first).dropFirst().map { $0 }
        }
        guard let hint = text.split(separator: "to give the time: ").dropFirst().last, !hint.contains("TIME") else {
            return nil
        }
        let option = try #require(try WholeLineSuggestionTests.shellWords([String(hint)]).first)
        let stray = try #require(typed.firstIndex { refusal.contains("'\($0)' is not taken here") })
        var line = typed
        line.remove(at: stray)
        return line + option
    }
}
