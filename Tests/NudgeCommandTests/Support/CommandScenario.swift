import Foundation
import NudgeTestSupport
import Testing

/// A suite that runs `nudge` in process against a store of its own, in a fixed zone at a fixed
/// "now", so local days and times are the same on every machine and every day.
protocol CommandScenario {
    var directory: TemporaryDirectory { get }
    /// The store the commands are given (`--store`).
    var store: String { get }
    /// TZ and NUDGE_FAKE_NOW.
    var environment: [String: String] { get }
}

extension CommandScenario {
    var store: String { directory.file("nudge.sqlite") }
    var environment: [String: String] { CommandScenarioClock.berlinEvening }

    func nudge(_ arguments: String...) -> CommandResult { nudge(arguments) }

    func nudge(_ arguments: [String]) -> CommandResult {
        InProcessNudge.run(arguments + ["--store", store], environment: environment)
    }

    /// Runs a refusal on a new store: exit 64, one line naming the problem, the store unchanged.
    func expectRefusal(
        _ arguments: [String], mentioning text: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        try StoreQuery.create(store)
        try InProcessNudge.expectRefusal(
            arguments, store: store, environment: environment, mentioning: text, sourceLocation: sourceLocation)
    }
}

/// The zones and instants the in-process suites run at.
enum CommandScenarioClock {
    /// A Sunday evening in Berlin (UTC+1).
    static let berlinEvening = ["TZ": "Europe/Berlin", "NUDGE_FAKE_NOW": "2026-11-22T20:00:00+01:00"]
    /// A Saturday evening in New York (UTC-5).
    static let newYorkEvening = ["TZ": "America/New_York", "NUDGE_FAKE_NOW": "2026-11-21T19:10:00-05:00"]
}
