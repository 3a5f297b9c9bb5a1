import Foundation
import NudgeCore
import NudgeStore
import NudgeSystem
import NudgeTestSupport
import Testing

@testable import NudgeDaemon

#if canImport(Glibc)
    import Glibc
#endif

extension DaemonTests {
    /// An alarm sound accepted as a file and replaced by a FIFO since: the daemon never hands the
    /// FIFO on (opening it would wait for a writer, and the alarm would be silent); it rings the
    /// key's default sound and says so once, however often the alarm rings.
    @Test func anAlarmSoundThatBecameAFIFORingsTheDefaultWithOneWarning() throws {
        let fifo = directory.file("alarm.oga")
        #expect(mkfifo(fifo, 0o600) == 0)
        let start = try #require(Timestamp.parse("2026-11-22T02:45:00Z"))
        do {
            let setup = try Store(path: store, now: start.addingTimeInterval(-3600))
            try setup.setSetting(.doseAlarmSound, to: fifo, at: start)
            for number in 1...2 {
                _ = try setup.claim(
                    Occurrence(
                        kind: .alarmTest, key: TestAlarm.key("t\(number)"),
                        dueAt: start.addingTimeInterval(Double(number)),
                        title: TestAlarm.title))
            }
        }
        let player = FakePlayer()
        let log = RecordedLog()
        try withDaemon(
            clock: DaemonClock(startingAt: start), notifier: FakeNotifier(), log: log, player: player,
            kinds: [.alarmTest]
        ) {
            _, _ in
            #expect(log.waitFor("ringing for notification", count: 2), "\(player.calls.withLock { $0 })")
        }
        let rings = player.calls.withLock { $0 }.filter { $0.hasPrefix("ring ") }
        #expect(rings.count == 2 && rings.allSatisfy { $0.hasPrefix("ring alarm-clock-elapsed ") }, "\(rings)")
        let warnings = log.all.filter { $0.contains("\(fifo) is not a regular file (it is a FIFO)") }
        #expect(warnings.count == 1, "\(log.all)")
    }
}
