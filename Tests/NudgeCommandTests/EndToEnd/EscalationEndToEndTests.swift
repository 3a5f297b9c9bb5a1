import Foundation
import NudgeCore
import NudgeTestSupport
import Testing

/// The dose-2 alarm sent beyond this computer (issue 41, item 3), on the real binary: Apprise
/// (Debian's package) posts it to an HTTP listener the test starts on 127.0.0.1, once, also
/// across a restart; a sleep that comes while the alarm is pending sends it at once with the
/// instant it rings (python-dbusmock's logind); a command that writes 10 MB neither waits on a
/// full pipe nor floods the daemon's log; bad settings are refused. Each wait is bounded
/// and woken by the daemon's log or the files written.
@Suite(.ownThread)
struct EscalationEndToEndTests: DaemonScenario {
    let directory = TemporaryDirectory()
    let bus: NotificationBus
    let logind: LogindBus
    var environment: [String: String] {
        [
            "TZ": "America/New_York", "NUDGE_STORE": store, "DBUS_SESSION_BUS_ADDRESS": bus.address,
            "DBUS_SYSTEM_BUS_ADDRESS": logind.address, "NUDGE_RTC_WAKEALARM": directory.file("no-rtc"),
        ]
    }

    init() throws {
        bus = try NotificationBus()
        logind = try LogindBus()
        for (key, value) in [("symptom.reminder_enabled", "false"), ("sound.enabled", "false")] {
            _ = try NudgeBinary.run(["settings", "set", key, value], environment: environment)
        }
    }

    /// Dose 1 such that the alarm (dose 1 + 165 min) rings `minutes` from now; returns the alarm's instant.
    func startNight(alarmIn minutes: Double) throws -> Date {
        let alarm = Date(timeIntervalSince1970: (TestClock.now().timeIntervalSince1970 + minutes * 60).rounded())
        try nudge("dose", "1", "--at", Timestamp.format(alarm.addingTimeInterval(-165 * 60)))
        return alarm
    }

    /// README's Apprise recipe, to the listener's address.
    static func appriseRecipe(port: Int) -> String {
        #"["/bin/sh", "-c", "exec /usr/bin/apprise -t \"$NUDGE_TITLE\" -b \"$NUDGE_BODY Due $NUDGE_DUE.\" \"$0\"", "json://127.0.0.1:"#
            + "\(port)/nudge\"]"
    }

    @Test func anUnansweredAlarmReachesTheListenerThroughAppriseOnceAcrossARestart() throws {
        let listener = try HTTPListener(in: directory)
        try nudge("settings", "set", "alarm.escalate_command", Self.appriseRecipe(port: listener.port))
        // Rang 11 minutes ago, unanswered: past its 10 minutes when the daemon starts (as after a
        // daemon stopped before it ran it).
        let alarm = try startNight(alarmIn: -11)
        let daemon = try startDaemon()
        #expect(
            daemon.waitForEvent("escalation_ended", ["outcome": "exited with status 0"], timeout: 60),
            "\(daemon.stderr)")
        #expect(listener.waitForBodies(1), "\(daemon.stderr)")
        let posted = try #require(
            listener.received.first.flatMap {
                try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
            })
        #expect(posted["title"] as? String == "Time for dose 2", "\(posted)")
        let message = posted["message"] as? String ?? ""
        #expect(message.hasPrefix("The window closes at "), "\(posted)")
        #expect(message.hasSuffix("Due \(Timestamp.format(alarm)).") && message.contains("min left)"), "\(posted)")
        let recorded = try rows("SELECT reminder_key, reason, outcome, ended_at FROM reminder_escalations")
        #expect(recorded.count == 1 && recorded.first?["reason"] == "unanswered", "\(recorded)")
        #expect(recorded.first?["outcome"] == "exited with status 0" && recorded.first?["ended_at"] != nil)

        // Killed and started again: the store says it ran, so it does not run twice.
        daemon.signal(SIGKILL)
        _ = daemon.waitForExit(timeout: 10)
        let restarted = try startDaemon(log: "restarted.err")
        #expect(restarted.waitForEvent("rescheduled", ["reason": "start"]), "\(restarted.stderr)")
        #expect(!restarted.stderr.contains("escalation_started"), "\(restarted.stderr)")
        #expect(listener.received.count == 1)
    }

    /// A sleep that comes while the alarm is still to ring sends it at once, with the instant it
    /// rings: a service that delivers later rings then while this computer sleeps. The sleep
    /// waits for the command (within the warning's limit).
    @Test func aSleepWhileTheAlarmIsPendingSendsItAtOnceWithItsInstant() throws {
        let received = directory.file("environment")
        try nudge(
            "settings", "set", "alarm.escalate_command",
            #"["/bin/sh", "-c", "env | grep ^NUDGE_ | sort > \"$0\"", "\#(received)"]"#)
        let alarm = try startNight(alarmIn: 150)
        let daemon = try startDaemon()
        #expect(daemon.waitForEvent("keep_awake", ["held": "yes"]), "\(daemon.stderr)")
        #expect(!daemon.stderr.contains("escalation_started"), "not before its time: \(daemon.stderr)")
        try logind.prepareForSleep(true)
        #expect(daemon.waitForEvent("escalation_ended", ["outcome": "exited with status 0"]), "\(daemon.stderr)")
        // Nothing sounds here (sound.enabled false): the sleep waited for the command alone.
        #expect(
            daemon.waitForEvent("sleep_let_go", ["why": "the alarm was sent beyond this computer"]), "\(daemon.stderr)")
        #expect(try logind.inhibitors(mode: "delay").isEmpty)
        let told = try String(contentsOfFile: received, encoding: .utf8)
        #expect(told.contains("NUDGE_DUE=\(Timestamp.format(alarm))\n"), "\(told)")
        #expect(told.contains("NUDGE_KIND=dose2\n") && told.contains("NUDGE_TITLE=Time for dose 2\n"), "\(told)")
        #expect(told.contains("NUDGE_BODY=The window closes at "), "\(told)")
        let recorded = try rows("SELECT reason FROM reminder_escalations")
        #expect(recorded.map { $0["reason"] } == ["sleep"], "\(recorded)")
        // Resumed, and its time comes: it was sent already.
        try logind.prepareForSleep(false)
        #expect(daemon.waitForEvent("rescheduled", ["reason": "resumed"]), "\(daemon.stderr)")
        #expect(LogEvents.parse(daemon.stderr).filter { $0["event"] == "escalation_started" }.count == 1)
    }

    /// 10 MB of output: the command is never held on a full pipe (it ends well before its 30 s
    /// deadline), and the log keeps its first and last 4 KiB and says how much was left out.
    @Test func aCommandThatWritesTenMegabytesGoesToTheLogBounded() throws {
        try nudge(
            "settings", "set", "alarm.escalate_command",
            #"["/bin/sh", "-c", "echo first; yes | head -c 10485760 >&2; echo last >&2"]"#)
        _ = try startNight(alarmIn: -11)
        let daemon = try startDaemon()
        #expect(
            daemon.waitForEvent("escalation_ended", ["outcome": "exited with status 0"], timeout: 25),
            "\(daemon.stderr.prefix(4000))")
        let size = (try FileManager.default.attributesOfItem(atPath: daemon.stderrPath)[.size] as? Int) ?? 0
        #expect(size < 64 * 1024, "\(size) bytes of log")
        let output = try #require(LogEvents.parse(daemon.stderr).first { $0["event"] == "escalation_output" })
        let total = "first\n".utf8.count + 10_485_760 + "last\n".utf8.count
        #expect(output["bytes"] == "\(total)" && output["left_out"] == "\(total - 8192)", "\(output)")
        let line = try #require(daemon.stderr.split(separator: "\n").first { $0.contains("event=escalation_output") })
        #expect(line.contains(": first\\ny\\ny\\n") && line.contains("bytes left out"), "\(line.prefix(300))")
        #expect(line.contains("y\\nlast\\n"), "\(line.suffix(300))")
    }

    @Test(arguments: [
        #"["apprise", "json://127.0.0.1/"]"#, #"["/usr/bin/apprise", ""]"#, #"["DIR/notes.txt"]"#, #"["DIR"]"#,
        #"["/no/such/program"]"#, "/usr/bin/apprise",
    ])
    func aCommandThatCannotRunIsRefused(value: String) throws {
        // DIR: the test's directory, with a file in it that no one may execute.
        _ = FileManager.default.createFile(
            atPath: directory.file("notes.txt"), contents: Data("#!/bin/sh\n".utf8),
            attributes: [.posixPermissions: 0o644])
        let refused = try attempt(
            "settings", "set", "alarm.escalate_command", value.replacingOccurrences(of: "DIR", with: directory.path))
        #expect(refused.status == 64, "\(refused)")
        let lines = refused.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains("alarm.escalate_command"), "\(refused)")
        #expect(try nudge("settings", "get", "alarm.escalate_command").stdout == "\n", "the store is unchanged")
    }

    @Test(arguments: ["0", "-1", "10000"])
    func escalateAfterMinutesOutOfRangeIsRefused(value: String) throws {
        let refused = try attempt("settings", "set", "dose.escalate_after_minutes", value)
        #expect(refused.status == 64, "\(refused)")
        let lines = refused.stderr.split(separator: "\n")
        #expect(
            lines.count == 1 && lines[0].contains("dose.escalate_after_minutes") && lines[0].contains("1 to 240"),
            "\(refused)")
        #expect(try nudge("settings", "get", "dose.escalate_after_minutes").stdout == "10\n")
    }
}
