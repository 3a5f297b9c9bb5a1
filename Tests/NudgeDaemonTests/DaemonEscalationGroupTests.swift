import Foundation
import NudgeCore
import NudgeStore
import NudgeSystem
import NudgeTestSupport
import Testing

@testable import NudgeDaemon

/// What an escalation command leaves running when it exits at once (issue 41, hostile round):
/// its process group is still ended at the deadline, SIGTERM then SIGKILL, though its leader is
/// gone; the command's own exit status is what is recorded and shown.
extension DaemonTests {
    @Test func whatACommandLeftRunningIsEndedAtItsDeadline() throws {
        let start = try #require(Timestamp.parse("2026-11-22T02:45:00Z"))
        let setup = try Store(path: store, now: start.addingTimeInterval(-4 * 3600))
        // The shell exits at once; the sleep it started ignores SIGTERM, so only the SIGKILL
        // after the grace ends it.
        let childPID = directory.file("child.pid")
        let leaves = #"["/bin/sh", "-c", "trap '' TERM; sleep 300 & echo $! > \"$0\"; exit 0", "\#(childPID)"]"#
        try setup.setSetting(.alarmEscalateCommand, to: try #require(CommandArguments.canonical(leaves)), at: start)
        // The alarm rang 11 minutes ago, unanswered: it escalates at the daemon's first plan.
        _ = try setup.startDoseSession(
            at: start.addingTimeInterval(-176 * 60), newSession: true, settings: setup.settings(),
            clock: WallClock(zone: zone.resolve().rules)
        ).get()
        let notifier = FakeNotifier()
        let log = RecordedLog()
        var child: Int32?
        defer { child.map { _ = kill($0, SIGKILL) } }
        try withDaemon(
            clock: DaemonClock(startingAt: start), notifier: notifier, log: log, player: FakePlayer(), kinds: [.dose2],
            escalationLimit: 2
        ) { _, _ in
            #expect(log.waitFor("ended, leaving 1 running to its deadline"), "\(log.all)")
            child = (try? String(contentsOfFile: childPID, encoding: .utf8)).flatMap {
                Int32($0.trimmingCharacters(in: .whitespacesAndNewlines))
            }
            let pid = try #require(child)
            let end = try #require(ProcessEnd(pid: pid), "it ended with the shell")
            #expect(!end.wait(timeout: 1), "ended before its deadline: \(log.all)")
            // The deadline (2 s), then the grace (5 s) before SIGKILL.
            #expect(end.wait(timeout: 15), "what the command left running outlived its deadline: \(log.all)")
            #expect(log.waitFor("rescheduled (escalation ended)"), "\(log.all)")
        }
        let row = try #require(try StoreQuery.rows(store, "SELECT outcome, ended_at FROM reminder_escalations").first)
        #expect(
            row["outcome"] == "exited with status 0; what it left running was ended at its deadline of 2 s"
                && row["ended_at"] != nil, "\(row)")
        let failure = "The alarm could not be sent beyond this computer"
        #expect(notifier.shown.withLock { $0.filter { $0.title == failure }.isEmpty }, "it was sent")
    }
}
