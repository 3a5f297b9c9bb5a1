import Foundation
import NudgeCore
import NudgeStore
import NudgeSystem
import NudgeTestSupport
import Testing

@testable import NudgeDaemon

/// A reminder that breaks through Do Not Disturb, reworded on unlock while Do Not Disturb is
/// still on, went out at normal urgency: on a desktop that holds what is not critical it was
/// hidden (hostile round on issue 41 after B14: the dose follow-up and a medication).
extension DaemonTests {
    @Test(.hangBound(minutes: 2)) func aBreakThroughReminderKeepsItsUrgencyWhenRewordedOnUnlock() throws {
        let logind = try LogindBus()
        try logind.addSession("c7")
        try logind.setLocked(true, session: "c7")
        let bus = try NotificationBus()
        defer { bus.shutdown() }
        try bus.addInhibited(true)
        let start = try #require(Timestamp.parse("2026-11-21T20:00:00Z"))
        try Store(path: store, now: start).setSetting(
            .symptomDuringDoNotDisturb, to: "break-through", at: start)
        let notifier = FakeNotifier()
        let log = RecordedLog()
        try withDaemon(
            clock: DaemonClock(startingAt: start), notifier: notifier, log: log, kinds: [.symptom],
            logind: (logind.address, "c7"), sessionBus: bus.address
        ) { _, _ in
            #expect(notifier.showed.wait(timeout: .now() + 10) == .success, "\(log.all)")
            try logind.setLocked(false, session: "c7")
            #expect(log.waitFor("reworded for the unlocked screen"), "\(log.all)")
        }
        let shown = notifier.shown.withLock { $0 }
        try #require(shown.count == 2, "\(shown)")
        #expect(shown[0].urgency == .critical, "sent while Do Not Disturb is on: \(shown[0])")
        #expect(shown[1].title == "Daily symptom check" && shown[1].urgency == .critical, "\(shown[1])")
    }
}
