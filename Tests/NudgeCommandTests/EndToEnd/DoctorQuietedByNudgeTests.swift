import Foundation
import NudgeCore
import NudgeStore
import NudgeTestSupport
import Testing

/// A daemon killed mid-meditation leaves dunst paused and its record (`desktop_quieted`), as
/// `DaemonQuietTests.aKilledDaemonsPauseIsPutBackOnceByTheNext` begins: doctor says the desktop
/// is quiet because of nudge, since when, and what puts it back (issue 41, Medium 3: it said
/// only "Do Not Disturb: on (dunst is paused)").
@Suite(.ownThread, .daemonOnBus)
struct DoctorQuietedByNudgeTests: DaemonScenario {
    /// A 20-minute session from 21:50 New York time on 2026-11-21, and the switch nudge
    /// recorded turning on for it; dunst paused or not.
    func killedMidSession(paused: Bool) throws {
        try bus.addDunstPaused(paused)
        let start = try #require(Timestamp.parse("2026-11-22T02:50:00Z"))
        let setup = try Store(path: store, now: start)
        let started = try setup.startMeditation(
            plannedSeconds: 1200, intervalSeconds: 0, delaySeconds: 0, now: start, utcOffsetMinutes: -300, sleep: nil)
        guard case .started(let session) = started else {
            Issue.record("not started: \(started)")
            return
        }
        try setup.recordQuietedDesktop(.init(span: "meditation:\(session.id)", change: "dunst"))
    }

    func doctor() throws -> String {
        try NudgeBinary.run(
            ["doctor"], environment: environment.merging(["NUDGE_FAKE_NOW": "2026-11-22T03:00:00Z"]) { $1 }
        ).stdout
    }

    @Test func aPauseAKilledDaemonLeftIsNamedWithWhatPutsItBack() throws {
        try killedMidSession(paused: true)
        let report = try doctor()
        #expect(
            report.contains(
                "PROBLEM Do Not Disturb: on since 2026-11-21 21:50 by nudge's meditation (dunst's pause), turned on by a daemon that stopped before putting it back"
            ), "\(report)")
        #expect(
            report.contains("else at its end bell (2026-11-21 22:10): systemctl --user start nudge (or nudge daemon)"),
            "\(report)")
    }

    /// Unpaused by the person meditating: nothing of nudge's is on, nothing said.
    @Test func aPauseTurnedOffSinceIsNotSaid() throws {
        try killedMidSession(paused: false)
        let report = try doctor()
        #expect(report.contains("ok      Do Not Disturb: off\n"), "\(report)")
        #expect(!report.contains("by nudge's meditation"), "\(report)")
    }

    /// `meditate stop` with no daemon running puts back the pause the killed one left, and its
    /// record goes (issue 41: dunst stayed paused until a daemon started); doctor then says
    /// nothing of nudge's.
    @Test func meditateStopPutsBackWhatAKilledDaemonLeft() throws {
        try killedMidSession(paused: true)
        let stop = try NudgeBinary.run(
            ["meditate", "stop"], environment: environment.merging(["NUDGE_FAKE_NOW": "2026-11-22T03:00:00Z"]) { $1 })
        #expect(stop.status == 0, "\(stop)")
        #expect(stop.stdout.contains("put the desktop's Do Not Disturb back (dunst's pause)"), "\(stop)")
        #expect(try bus.dunstPaused() == false)
        #expect(try Store(readingOnly: store).quietedDesktop() == nil)
        #expect(!(try doctor()).contains("by nudge's meditation"))
    }

    /// Unpaused by the person meditating: `meditate stop` leaves dunst as it is and says nothing
    /// of it; the record goes all the same.
    @Test func meditateStopLeavesAPauseTurnedOffSince() throws {
        try killedMidSession(paused: false)
        let stop = try NudgeBinary.run(
            ["meditate", "stop"], environment: environment.merging(["NUDGE_FAKE_NOW": "2026-11-22T03:00:00Z"]) { $1 })
        #expect(stop.status == 0 && !stop.stdout.contains("Do Not Disturb"), "\(stop)")
        #expect(try bus.dunstPaused() == false)
        #expect(try Store(readingOnly: store).quietedDesktop() == nil)
    }
}
