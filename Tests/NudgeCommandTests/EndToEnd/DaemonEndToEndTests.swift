import Foundation
import NudgeCore
import NudgeTestSupport
import Testing

/// The real `nudge daemon` on a private session bus with python-dbusmock as the notification
/// server. The injected clock (NUDGE_FAKE_NOW) puts a reminder a few seconds ahead.
@Suite(.ownThread, .daemonOnBus)
struct DaemonEndToEndTests: DaemonScenario {
    @Test func showsTheCheckWhenDueAndRecordsASnoozeOnce() throws {
        _ = try nudge("log", "symptom", "Headache & <b>", "--severity", "3", at: "2026-11-21T13:00:00-05:00")
        _ = try nudge("log", "symptom", "Nausea", "--severity", "2", at: "2026-11-21T18:00:00-05:00")
        let daemon = try startDaemon(at: "2026-11-21T19:59:57-05:00")

        let calls = bus.waitForNotify(count: 1)
        let call = try #require(calls.first, "no Notify; daemon said: \(daemon.stderr)")
        #expect(call.appName == "nudge")
        #expect(call.summary == "Daily symptom check")
        #expect(call.body == "2 logged today: Nausea (2), Headache &amp; &lt;b&gt; (3). Anything else?")
        #expect(call.actions == ["done", "Nothing else today", "snooze", "Remind me in 1 hour"])
        #expect(
            call.hints.contains("\"category\": \"x-nudge.symptom\"")
                && call.hints.contains("\"desktop-entry\": \"nudge\""))

        #expect(waitForStore { (try? delivery("symptom:2026-11-21"))??["shown_at"] != "NULL" })
        let shown = try #require(try delivery("symptom:2026-11-21"))
        #expect(shown["notification_id"] == "1")
        #expect(shown["due_at"] == "2026-11-22T01:00:00Z")

        try bus.invokeAction("snooze", on: 1)
        #expect(waitForStore { (try? delivery("symptom:2026-11-21"))??["action"] == "snooze" })
        let answered = try #require(try delivery("symptom:2026-11-21"))
        let acknowledged = try #require(Timestamp.parse(answered["acknowledged_at"] ?? ""))
        let snooze = try #require(try delivery("symptom:2026-11-21:snooze:1"))
        #expect(snooze["due_at"] == Timestamp.format(acknowledged.addingTimeInterval(3600)))
        #expect(snooze["shown_at"] == "NULL")

        // The same click again records nothing more.
        try bus.invokeAction("snooze", on: 1)
        #expect(daemon.waitForLog("already answered symptom:2026-11-21"))
        #expect(
            try StoreQuery.rows(
                store, "SELECT reminder_key FROM reminder_deliveries WHERE reminder_key LIKE '%snooze%'"
            ).count == 1)
        #expect(bus.notifyCalls().count == 1)
    }

    @Test func theCheckSaysWhatTheDiaryHoldsAfterAnEditAndADelete() throws {
        _ = try nudge("log", "symptom", "Headache", "--severity", "3", at: "2026-11-21T13:00:00-05:00")
        _ = try nudge("log", "symptom", "Nausea", "--severity", "2", at: "2026-11-21T18:00:00-05:00")
        let ids = try rows("SELECT id, name FROM symptom_entries")
        let headache = try #require(ids.first { $0["name"] == "Headache" }?["id"])
        let nausea = try #require(ids.first { $0["name"] == "Nausea" }?["id"])
        let daemon = try startDaemon(at: "2026-11-21T19:59:54-05:00")
        #expect(daemon.waitForEvent("rescheduled", ["reason": "start"]), "\(daemon.stderr)")
        _ = try nudge(
            "symptoms", "edit", String(headache.prefix(6)), "--name", "Migraine", "--severity", "4",
            at: "2026-11-21T19:59:55-05:00")
        _ = try nudge("symptoms", "delete", String(nausea.prefix(6)), "--yes", at: "2026-11-21T19:59:55-05:00")
        let call = try #require(bus.waitForNotify(count: 1).first, "\(daemon.stderr)")
        #expect(call.body == "1 logged today: Migraine (4). Anything else?", "\(daemon.stderr)")
    }

    @Test func recordsDoneAndAServerClose() throws {
        let daemon = try startDaemon(at: "2026-11-21T19:59:58-05:00")
        let call = try #require(bus.waitForNotify(count: 1).first, "\(daemon.stderr)")
        #expect(call.body == "Nothing logged today. Log a symptom with: nudge log symptom NAME --severity N")
        #expect(waitForStore { (try? delivery("symptom:2026-11-21"))??["shown_at"] != "NULL" })

        try bus.close(1, reason: 2)
        #expect(waitForStore { (try? delivery("symptom:2026-11-21"))??["closed_reason"] == "dismissed" })
        let closed = try #require(try delivery("symptom:2026-11-21"))
        #expect(closed["action"] == "NULL" && closed["closed_at"] != "NULL")

        try bus.invokeAction("done", on: 1)
        #expect(waitForStore { (try? delivery("symptom:2026-11-21"))??["action"] == "done" })
        #expect(try delivery("symptom:2026-11-21")?["acknowledged_at"] != "NULL")
    }

    @Test func followsASettingsChangeWithoutARestart() throws {
        let daemon = try startDaemon(at: "2026-11-21T12:00:00-05:00")
        #expect(daemon.waitForEvent("rescheduled", ["reason": "start", "next_due": "2026-11-22T01:00:00Z"]))
        _ = try nudge("settings", "set", "symptom.reminder_time", "1pm")
        #expect(
            daemon.waitForPlan(nextDue: "2026-11-21T18:00:00Z"),
            "\(daemon.stderr)")
        _ = try nudge("settings", "set", "symptom.reminder_enabled", "off")
        #expect(
            daemon.waitForPlan(nextDue: "none"), "\(daemon.stderr)")
        // Back on, at the current minute: due now, so shown at once.
        _ = try nudge("settings", "set", "symptom.reminder_time", "12:00")
        _ = try nudge("settings", "reset", "symptom.reminder_enabled")
        let call = try #require(bus.waitForNotify(count: 1).first, "\(daemon.stderr)")
        #expect(call.summary == "Daily symptom check")
    }

    @Test func killedAndRestartedShowsNothingTwice() throws {
        let first = try startDaemon(at: "2026-11-21T19:59:58-05:00")
        #expect(bus.waitForNotify(count: 1).count == 1, "\(first.stderr)")
        #expect(waitForStore { (try? delivery("symptom:2026-11-21"))??["shown_at"] != "NULL" })
        first.signal(SIGKILL)
        #expect(first.waitForExit(timeout: 10) != nil)

        // The restarted daemon starts before the same due instant: it knows it was shown.
        let second = try startDaemon(at: "2026-11-21T19:59:59-05:00", log: "second.err")
        #expect(
            second.waitForEvent("rescheduled", ["reason": "start", "next_due": "2026-11-23T01:00:00Z"]),
            "\(second.stderr)")
        second.signal(SIGHUP)
        #expect(
            second.waitForEvent("rescheduled", ["reason": "SIGHUP", "next_due": "2026-11-23T01:00:00Z"]),
            "\(second.stderr)")
        #expect(bus.notifyCalls().count == 1)
        #expect(
            try StoreQuery.rows(store, "SELECT id FROM reminder_deliveries WHERE reminder_key = 'symptom:2026-11-21'")
                .count == 1)
    }

    /// The session ends and its bus goes away: the daemon stops and says why. (GLib's default,
    /// SIGTERM raised in the process, also took down a test process that held a notifier.)
    @Test func stopsAndSaysWhyWhenTheSessionBusCloses() throws {
        let daemon = try startDaemon(at: "2026-11-21T19:00:00-05:00")
        #expect(daemon.waitForEvent("rescheduled", ["reason": "start"]), "\(daemon.stderr)")
        bus.shutdown()
        #expect(daemon.waitForExit(timeout: 20) == 0, "\(daemon.stderr)")
        #expect(daemon.stderr.contains("the session bus closed (the session ended); stopping"), "\(daemon.stderr)")
    }

    @Test func withoutANotificationServerItKeepsSchedulingAndShowsLater() throws {
        let noBus = ["DBUS_SESSION_BUS_ADDRESS": "unix:path=\(directory.file("no-bus"))"]
        let lonely = try startDaemon(at: "2026-11-21T19:59:59-05:00", environment: noBus, log: "lonely.err")
        #expect(lonely.waitForEvent("server_unavailable"), "\(lonely.stderr)")
        #expect(
            lonely.waitForPlan(nextDue: "2026-11-23T01:00:00Z"),
            "\(lonely.stderr)")
        #expect(lonely.stderr.components(separatedBy: "cannot show notifications").count == 2)
        #expect(lonely.waitForExit(timeout: 0) == nil, "the daemon stopped")
        lonely.signal(SIGTERM)
        #expect(lonely.waitForExit(timeout: 10) == 0)

        // Nothing due was forgotten: the next daemon, with a server, shows it (20 minutes late).
        let daemon = try startDaemon(at: "2026-11-21T20:20:00-05:00")
        let call = try #require(bus.waitForNotify(count: 1).first, "\(daemon.stderr)")
        #expect(call.summary == "Daily symptom check")
    }

    @Test func showsWhatIsDueWhenAServerAppearsOnTheBus() throws {
        bus.stopServer()
        let daemon = try startDaemon(at: "2026-11-21T19:59:59-05:00")
        #expect(daemon.waitForEvent("server_unavailable"), "\(daemon.stderr)")
        try bus.startServer()
        let call = try #require(bus.waitForNotify(count: 1).first, "\(daemon.stderr)\n\(bus.diagnostics)")
        #expect(call.summary == "Daily symptom check")
        #expect(waitForStore { (try? delivery("symptom:2026-11-21"))??["shown_at"] != "NULL" })
    }

    @Test func aStoreRemovedUnderTheDaemonStopsItWithAReason() throws {
        let daemon = try startDaemon(at: "2026-11-21T12:00:00-05:00", environment: environment)
        #expect(daemon.waitForEvent("rescheduled", ["reason": "start"]))
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: store + suffix) }
        #expect(daemon.waitForExit(timeout: 10) == 74)
        #expect(
            daemon.stderr.contains("nudge: the store \(store) was removed or moved away while the daemon ran; stopping")
        )
    }

    @Test func tellsSystemdWhenReadyAndWhenStopping() throws {
        let socket = directory.file("notify")
        let listener = try Subprocess.spawn(
            "/usr/bin/python3",
            [
                "-c",
                "import socket,sys; s=socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM); s.bind(sys.argv[1]); print('bound', flush=True); s.settimeout(20)\nfor _ in range(2): print(s.recv(4096).decode().replace(chr(10), ' '), flush=True)",
                socket,
            ],
            environment: ["PATH": "/usr/bin:/bin"], stderrPath: directory.file("listener.err"),
            stdoutPath: directory.file("listener.out"))
        let heard = { (try? String(contentsOfFile: directory.file("listener.out"), encoding: .utf8)) ?? "" }
        #expect(waitForStore { heard().contains("bound") })
        let daemon = try startDaemon(at: "2026-11-21T12:00:00-05:00", environment: ["NOTIFY_SOCKET": socket])
        #expect(waitForStore { heard().contains("READY=1") }, "\(heard()) \(daemon.stderr)")
        #expect(heard().contains("STATUS=Scheduling reminders from \(store)"))
        daemon.signal(SIGTERM)
        #expect(daemon.waitForExit(timeout: 10) == 0)
        #expect(waitForStore { heard().contains("STOPPING=1") })
        _ = listener.waitForExit(timeout: 10)
    }

    @Test func linesCarrySyslogPrioritiesWhenStderrIsTheJournal() throws {
        // JOURNAL_STREAM names stderr's device and inode; the daemon's stderr is this file.
        let log = directory.file("journal.err")
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        var status = stat()
        #expect(stat(log, &status) == 0)
        let daemon = try startDaemon(
            at: "2026-11-21T12:00:00-05:00", environment: ["JOURNAL_STREAM": "\(status.st_dev):\(status.st_ino)"],
            log: "journal.err")
        #expect(daemon.waitForLog("<7>rescheduled (start)"), "\(daemon.stderr)")
        #expect(daemon.stderr.hasPrefix("<6>started on "))
        #expect(!daemon.stderr.contains("nudge: "))
    }

    @Test func doctorSaysAllIsWellOnlyWhenItIs() throws {
        // Sound plays into a file here (RecordedAudio); the machine itself has no sound device.
        let audio = try RecordedAudio(in: directory)
        let logind = try LogindBus()
        // A machine that resumes by itself: an RTC wake alarm, as the kernel offers it.
        let rtc = directory.file("wakealarm")
        try Data().write(to: URL(fileURLWithPath: rtc))
        let environment = self.environment.merging([
            "HOME": audio.home, "DBUS_SYSTEM_BUS_ADDRESS": logind.address, "NUDGE_RTC_WAKEALARM": rtc,
        ]) { $1 }
        let alone = try NudgeBinary.run(["doctor"], environment: environment)
        #expect(alone.stdout.contains("ok      keep awake: logind answers on the system bus"), "\(alone)")
        #expect(
            alone.stdout.contains(
                "PROBLEM wake: the alarm cannot wake a suspended computer: the daemon cannot arm a wake alarm (no daemon runs)"
            ), "\(alone)")
        #expect(
            alone.stdout.contains("ok      sound: plays (played the bell through alsa)") && audio.seconds > 0.1,
            "\(alone)")
        #expect(alone.stdout.contains("ok      server sounds: no: nudge plays the gentle reminder sound itself"))
        #expect(alone.stdout.contains("ok      dose.alarm_sound: alarm-clock-elapsed is installed"))
        #expect(alone.status == 1 && alone.stderr.isEmpty, "\(alone)")
        #expect(
            alone.stdout.contains(
                "PROBLEM daemon: none runs on this store\n        fix: systemctl --user enable --now nudge, or run: nudge daemon"
            ))
        #expect(alone.stdout.contains("ok      notification server: mock-notify 1.0 (test vendor, spec 1.1)"))
        #expect(alone.stdout.contains("ok      buttons: yes"))
        // A doctor makes no store where there is none.
        #expect(
            alone.stdout.contains("ok      store: no store yet at \(store)")
                && !FileManager.default.fileExists(atPath: store), "\(alone)")
        #expect(alone.stdout.contains("ok      time zone: America/New_York (fixed by TZ)"))
        #expect(alone.stdout.contains("WARNING backups: none yet in \(store).backups"), "\(alone)")
        // This machine's disk (ext4 on a plain block device) is not encrypted: said, not failed.
        #expect(alone.stdout.contains("encryption at rest: "), "\(alone)")
        let daemon = try startDaemon(at: "2026-11-21T12:00:00-05:00", environment: environment)
        #expect(daemon.waitForEvent("rescheduled", ["reason": "start"]))
        // The start's backup runs on its own thread, after the plan: a doctor quicker than it
        // (the release build's) found none yet.
        #expect(daemon.waitForLog("backed up the store to \(store).backups/nudge-"), "\(daemon.stderr)")
        // At the daemon's instant: its backup is named by it.
        let well = try NudgeBinary.run(
            ["doctor"], environment: environment.merging(["NUDGE_FAKE_NOW": "2026-11-21T12:00:05-05:00"]) { $1 })
        #expect(well.status == 0 && well.stdout.hasSuffix("all is well\n"), "\(well)")
        #expect(
            well.stdout.contains("ok      daemon: running on this store (pid \(daemon.pid))")
                && well.stdout.contains("ok      integrity: ok"))
        #expect(
            well.stdout.contains("ok      backups: newest ")
                && well.stdout.contains("checked ok; 1 kept in \(store).backups"), "\(well)")
        // As root the daemon may arm CLOCK_REALTIME_ALARM; doctor reads what it published.
        #expect(
            well.stdout.contains(
                "ok      wake: the alarm wakes a suspended computer (CLOCK_REALTIME_ALARM and the RTC)"),
            "\(well)")
        let noLogind = try NudgeBinary.run(
            ["doctor"], environment: self.environment.merging(["HOME": audio.home]) { $1 })
        #expect(noLogind.status == 1 && noLogind.stdout.contains("PROBLEM keep awake: no system bus"), "\(noLogind)")
        // Another program set the alarm to a file no sound comes from: the night's alarm would be silent.
        #expect(
            try Subprocess.run(
                "/usr/bin/sqlite3",
                [store, "INSERT INTO settings VALUES ('dose.alarm_sound', '/etc/passwd', '2026-11-21T12:00:00Z')"]
            ).status == 0)
        let undecodable = try NudgeBinary.run(["doctor"], environment: environment)
        #expect(
            undecodable.status == 1
                && undecodable.stdout.contains("PROBLEM dose.alarm_sound: libcanberra cannot play /etc/passwd"),
            "\(undecodable)")
        let silent = try NudgeBinary.run(
            ["doctor"], environment: self.environment.merging(["HOME": directory.file("silent")]) { $1 })
        #expect(
            silent.status == 1 && silent.stdout.contains("PROBLEM sound: nothing plays (")
                && !silent.stderr.contains("ALSA"), "\(silent)")
        bus.stopServer()
        let noServer = try NudgeBinary.run(["doctor"], environment: environment)
        #expect(
            noServer.status == 1
                && noServer.stdout.contains("PROBLEM notification server: none owns org.freedesktop.Notifications"))
    }

    /// Without a session bus the daemon names the bus, not a missing notification server.
    @Test func withoutASessionBusTheDaemonSaysSo() throws {
        let daemon = try startDaemon(
            at: "2026-11-21T12:00:00-05:00",
            environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent/nudge-test-bus"])
        #expect(
            daemon.waitForLog(
                "no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS is 'unix:path=/nonexistent/nudge-test-bus': "),
            "\(daemon.stderr)")
        #expect(!daemon.stderr.contains("no notification server"), "\(daemon.stderr)")
        daemon.signal(SIGTERM)
        #expect(daemon.waitForExit(timeout: 10) == 0)
    }

    @Test func aSecondDaemonOnTheSameStoreIsRefused() throws {
        let first = try startDaemon(at: "2026-11-21T12:00:00-05:00")
        #expect(first.waitForEvent("rescheduled", ["reason": "start"]))
        let second = try NudgeBinary.run(["daemon"], environment: environment)
        #expect(second.status == 75)
        #expect(
            second.stderr
                == "nudge: a nudge daemon (pid \(first.pid)) is already running on \(store); stop it first (kill \(first.pid)) or use another store with --store\n"
        )
        // The same file by another name is the same store: one lock, and the commands find the daemon.
        let link = directory.file("linked.sqlite")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: store)
        let linked = environment.merging(["NUDGE_STORE": link]) { $1 }
        let third = try NudgeBinary.run(["daemon"], environment: linked)
        #expect(
            third.status == 75 && third.stderr.contains("(pid \(first.pid)) is already running on \(store);"),
            "\(third)")
        #expect(
            try NudgeBinary.run(["doctor"], environment: linked).stdout.contains(
                "daemon: running on this store (pid \(first.pid))"))
        first.signal(SIGHUP)
        #expect(first.waitForEvent("rescheduled", ["reason": "SIGHUP"]))
        first.signal(SIGTERM)
        #expect(first.waitForExit(timeout: 10) == 0)
    }
}
