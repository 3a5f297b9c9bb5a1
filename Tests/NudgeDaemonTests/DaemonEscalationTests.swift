import Foundation
import NudgeCore
import NudgeStore
import NudgeSystem
import NudgeTestSupport
import Testing

@testable import NudgeDaemon

/// `alarm.escalate_command` in process: a command that hangs does not hold the daemon's loop,
/// and at its deadline it is killed with what it started; its failure is shown once and
/// recorded in the store.
extension DaemonTests {
    @Test func aCommandThatHangsIsKilledAtItsDeadlineAndTheDaemonGoesOn() throws {
        let start = try #require(Timestamp.parse("2026-11-22T02:45:00Z"))
        let setup = try Store(path: store, now: start.addingTimeInterval(-4 * 3600))
        // What the command starts holds the FIFO open: its end is the FIFO's hang-up.
        let fifo = directory.file("held-open")
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        defer { close(reader) }
        let hangs = #"["/bin/sh", "-c", "sleep 600 > \"$0\" & wait", "\#(fifo)"]"#
        try setup.setSetting(.alarmEscalateCommand, to: try #require(CommandArguments.canonical(hangs)), at: start)
        // The alarm rang 11 minutes ago, unanswered: it escalates at the daemon's first plan.
        _ = try setup.startDoseSession(
            at: start.addingTimeInterval(-176 * 60), newSession: true, settings: setup.settings(),
            clock: WallClock(zone: zone.resolve().rules)
        ).get()
        let notifier = FakeNotifier()
        let log = RecordedLog()
        let failure = "The alarm could not be sent beyond this computer"
        try withDaemon(
            clock: DaemonClock(startingAt: start), notifier: notifier, log: log, player: FakePlayer(), kinds: [.dose2],
            escalationLimit: 3
        ) { _, _ in
            #expect(log.waitFor("escalating dose2:"), "\(log.all)")
            // While it hangs, the loop turns: another program's write is planned at once.
            try setup.setSetting(.doseMaxSnoozes, to: "2", at: start)
            #expect(log.waitFor("rescheduled (store changed)"), "\(log.all)")
            #expect(!log.all.contains { $0.contains("killed at its deadline") }, "planned while it ran")
            #expect(log.waitFor("killed at its deadline of 3 s"), "\(log.all)")
            #expect(log.waitFor("rescheduled (escalation ended)"), "\(log.all)")
        }
        #expect(notifier.shown.withLock { $0.filter { $0.title == failure }.count } == 1, "shown once")
        let shown = notifier.shown.withLock { $0.first { $0.title == failure } }
        #expect(shown?.body.hasPrefix("alarm.escalate_command (/bin/sh) killed at its deadline of 3 s") == true)
        #expect(Self.writersHungUp(reader, within: 10), "what the command started ended with it")
        let row = try #require(try StoreQuery.rows(store, "SELECT outcome, ended_at FROM reminder_escalations").first)
        #expect(row["outcome"] == "killed at its deadline of 3 s" && row["ended_at"] != nil, "\(row)")
    }

    /// "I'm awake" on the ringing alarm puts its escalation off by `dose.escalate_after_minutes`
    /// from the answer: not run at the ring's ten minutes, run ten minutes after the answer.
    @Test func imAwakePutsTheEscalationOffFromTheAnswer() throws {
        let start = try #require(Timestamp.parse("2026-11-22T02:45:00Z"))
        let setup = try Store(path: store, now: start.addingTimeInterval(-4 * 3600))
        try setup.setSetting(.alarmEscalateCommand, to: #"["/bin/true"]"#, at: start)
        // The alarm rings now: it would escalate in 10 minutes.
        _ = try setup.startDoseSession(
            at: start.addingTimeInterval(-165 * 60), newSession: true, settings: setup.settings(),
            clock: WallClock(zone: zone.resolve().rules)
        ).get()
        let notifier = FakeNotifier()
        let log = RecordedLog()
        try withDaemon(
            clock: DaemonClock(startingAt: start), notifier: notifier, log: log, player: FakePlayer(), kinds: [.dose2]
        ) { daemon, clock in
            #expect(log.waitFor("shown dose2:"), "\(log.all)")
            #expect(log.waitFor("ringing for notification"), "\(log.all)")
            notifier.onEvent?(.actionInvoked(notificationID: 1, action: "awake"))
            #expect(log.waitFor("I'm awake: dose2:"), "\(log.all)")
            #expect(log.waitFor("rescheduled (awake)"), "\(log.all)")
            clock.set(to: start.addingTimeInterval(9.5 * 60))
            daemon.clockWasSet()
            #expect(log.waitFor("rescheduled (clock changed)"), "\(log.all)")
            #expect(!log.all.contains { $0.contains("escalating dose2:") }, "run at the ring's ten minutes")
            clock.set(to: start.addingTimeInterval(11 * 60))
            daemon.clockWasSet()
            #expect(log.waitFor("escalating dose2:"), "\(log.all)")
        }
    }

    /// The postponement is the store's: a daemon stopped after "I'm awake" and started again
    /// past the ring's ten minutes escalates ten minutes after the answer, not at once.
    @Test func imAwakeStillPutsTheEscalationOffAfterARestart() throws {
        let start = try #require(Timestamp.parse("2026-11-22T02:45:00Z"))
        let setup = try Store(path: store, now: start.addingTimeInterval(-4 * 3600))
        try setup.setSetting(.alarmEscalateCommand, to: #"["/bin/true"]"#, at: start)
        _ = try setup.startDoseSession(
            at: start.addingTimeInterval(-165 * 60), newSession: true, settings: setup.settings(),
            clock: WallClock(zone: zone.resolve().rules)
        ).get()
        let notifier = FakeNotifier()
        let answered = RecordedLog()
        // Answered two minutes after the ring: it escalates at 12 minutes, not 10.
        try withDaemon(
            clock: DaemonClock(startingAt: start.addingTimeInterval(2 * 60)), notifier: notifier, log: answered,
            player: FakePlayer(), kinds: [.dose2]
        ) { _, _ in
            #expect(answered.waitFor("ringing for notification"), "\(answered.all)")
            notifier.onEvent?(.actionInvoked(notificationID: 1, action: "awake"))
            #expect(answered.waitFor("rescheduled (awake)"), "\(answered.all)")
        }
        let restarted = RecordedLog()
        try withDaemon(
            clock: DaemonClock(startingAt: start.addingTimeInterval(11 * 60)), notifier: FakeNotifier(),
            log: restarted, player: FakePlayer(), kinds: [.dose2]
        ) { daemon, clock in
            #expect(restarted.waitFor("rescheduled (start)"), "\(restarted.all)")
            #expect(!restarted.all.contains { $0.contains("escalating dose2:") }, "run at the ring's ten minutes")
            clock.set(to: start.addingTimeInterval(12.5 * 60))
            daemon.clockWasSet()
            #expect(restarted.waitFor("escalating dose2:"), "\(restarted.all)")
        }
    }

    /// Waits until every writer of the FIFO closed it (they all ended); false after `seconds`.
    private static func writersHungUp(_ reader: Int32, within seconds: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        var entry = pollfd(fd: reader, events: Int16(POLLIN), revents: 0)
        while deadline.timeIntervalSinceNow > 0 {
            guard poll(&entry, 1, Int32(deadline.timeIntervalSinceNow * 1000)) > 0 else { continue }
            if entry.revents & Int16(POLLHUP) != 0 { return true }
            var buffer = [UInt8](repeating: 0, count: 64)
            _ = read(reader, &buffer, buffer.count)
        }
        return false
    }
}
