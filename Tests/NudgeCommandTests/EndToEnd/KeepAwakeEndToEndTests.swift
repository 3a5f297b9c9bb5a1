import Foundation
import NudgeCore
import NudgeTestSupport
import Testing

/// Kept awake while something must ring (issue 25, first part), on the real binary: a private
/// bus as the system bus with python-dbusmock's logind, whose inhibitors are listed as logind
/// lists them. Each wait is bounded and woken by the daemon's log. The notification server plays
/// sounds: the warning before sleep is still nudge's own to play.
@Suite(.ownThread, .daemonOnBus(capabilities: "body actions body-markup persistence sound"))
struct KeepAwakeEndToEndTests: DaemonScenario {
    let logind: LogindBus
    /// What nudge plays: an alarm rings only where a sound device opens.
    let audio: RecordedAudio
    var environment: [String: String] {
        [
            "TZ": "America/New_York", "NUDGE_STORE": store, "DBUS_SESSION_BUS_ADDRESS": bus.address,
            "DBUS_SYSTEM_BUS_ADDRESS": logind.address,
            "HOME": audio.home, "NUDGE_RTC_WAKEALARM": rtc,
        ]
    }
    /// The RTC's wake alarm file, as the kernel offers it on a machine that resumes by itself.
    var rtc: String { directory.file("wakealarm") }

    init() throws {
        logind = try LogindBus()
        audio = try RecordedAudio(in: DaemonOnBus.directory)
        try Data().write(to: URL(fileURLWithPath: directory.file("wakealarm")))
        _ = try NudgeBinary.run(["settings", "set", "symptom.reminder_enabled", "false"], environment: environment)
    }

    /// Dose 1 ten minutes ago: the alarm is due at dose 1 + 165 minutes.
    func startNight() throws -> Date {
        let dose1 = Date(timeIntervalSince1970: (TestClock.now().timeIntervalSince1970 - 600).rounded())
        _ = try nudge("dose", "1", "--at", Timestamp.format(dose1))
        return dose1
    }

    func alarmTime(_ dose1: Date) -> String {
        WallClock(zone: .system("America/New_York")).timeOfDay(dose1.addingTimeInterval(165 * 60))
    }

    @Test func heldFromDose1UntilASkipAndTakenAgainByARestartedDaemon() throws {
        let daemon = try runningDaemon()
        #expect(try logind.inhibitors().isEmpty, "nothing is due tonight")

        let dose1 = try startNight()
        let why = "the dose-2 alarm is due at \(alarmTime(dose1))"
        #expect(daemon.waitForEvent("keep_awake", ["held": "yes", "reason": "\(why)"]), "\(daemon.stderr)")
        #expect(try logind.inhibitors() == [why])
        // The alarm is also armed on CLOCK_REALTIME_ALARM (clockid 8), absolute: what resumes a
        // suspended machine. The kernel shows the time left.
        let alarm = dose1.addingTimeInterval(165 * 60)
        #expect(daemon.waitForLog("the computer wakes for dose2:"), "\(daemon.stderr)")
        let left = try #require(
            Self.alarmTimerLeft(pid: daemon.pid), "no CLOCK_REALTIME_ALARM timer in the daemon's fdinfo")
        #expect(abs(left - alarm.timeIntervalSince(TestClock.now())) < 30, "armed \(left) s ahead")

        // Killed: logind drops it with the descriptor; a restarted daemon takes it again.
        daemon.signal(SIGKILL)
        _ = daemon.waitForExit(timeout: 10)
        let restarted = try startDaemon(log: "restarted.err")
        #expect(restarted.waitForEvent("keep_awake", ["held": "yes", "reason": "\(why)"]), "\(restarted.stderr)")
        #expect(try logind.inhibitors() == [why])

        let taken = Date()
        _ = try nudge("dose", "skip")
        #expect(restarted.waitForEvent("keep_awake", ["held": "no"]), "\(restarted.stderr)")
        let released = Date().timeIntervalSince(taken)
        #expect(try logind.inhibitors().isEmpty)
        #expect(released < 5, "released \(released) s after the skip")
        print("keep-awake: released \(String(format: "%.3f", released)) s after nudge dose skip returned")
    }

    /// Seconds left on the process's CLOCK_REALTIME_ALARM timerfd, from /proc/PID/fdinfo.
    static func alarmTimerLeft(pid: Int32) -> Double? {
        let directory = "/proc/\(pid)/fdinfo"
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] {
            guard let info = try? String(contentsOfFile: "\(directory)/\(name)", encoding: .utf8),
                info.contains("clockid: 8"),
                let match = info.firstMatch(of: #/it_value: \((\d+), (\d+)\)/#), let seconds = Double(match.1),
                let nanoseconds = Double(match.2)
            else { continue }
            return seconds + nanoseconds / 1e9
        }
        return nil
    }

    /// Told before the night: `dose 1` says how the alarm is kept, `dose status --json` whether
    /// the daemon can wake the computer and whether it keeps it awake now.
    @Test func dose1AndStatusSayHowTheAlarmIsKept() throws {
        let alone = try nudge("dose", "1", "--at", Timestamp.format(TestClock.now().addingTimeInterval(-600)))
        #expect(
            alone.stdout.hasSuffix(
                "\nthe alarm: no nudge daemon runs on this store, so nothing would ring; start one with: systemctl --user start nudge (or nudge daemon)\n"
            ), "\(alone)")
        let daemon = try startDaemon()
        #expect(daemon.waitForEvent("keep_awake", ["held": "yes"]), "\(daemon.stderr)")
        let status = try nudge("dose", "status", "--json").stdout
        #expect(status.contains("\"keeping_awake\" : true"), "\(status)")
        // As root here the daemon may arm CLOCK_REALTIME_ALARM; the doctor-side check of an RTC is not made.
        let canWake = status.contains("\"alarm_can_wake_computer\" : true")
        let again = try nudge(
            "dose", "1", "--new-session", "--at", Timestamp.format(TestClock.now().addingTimeInterval(-300)))
        let expected =
            canWake
            ? "this computer will wake itself for it if it is asleep"
            : "this computer will be kept from idle sleep until dose 2"
        #expect(again.stdout.contains("\nthe alarm: \(expected)"), "\(again)")
    }

    /// A sleep that comes anyway (by hand, the lid): a delay inhibitor holds it back while the
    /// person is warned on screen (no RTC, so: it will not ring) and nudge plays the
    /// alarm's sound once, then lets it go; after the resume it is taken again.
    @Test func aSleepThatComesAnywayIsWarnedOfAndLetGoOnceTheWarningSounded() throws {
        try logind.setDelayLimit(seconds: 3)
        let dose1 = try startNight()
        let why = "the dose-2 alarm is due at \(alarmTime(dose1))"
        let daemon = try startDaemon(environment: ["NUDGE_RTC_WAKEALARM": directory.file("no-rtc")])
        #expect(daemon.waitForEvent("keep_awake", ["held": "yes", "reason": "\(why)"]), "\(daemon.stderr)")
        #expect(try logind.inhibitors(mode: "delay") == ["to warn before sleep: \(why)"])
        let shownBefore = bus.notifyCalls().count
        let announced = Date()
        try logind.prepareForSleep(true)
        let warning = try #require(bus.waitForNotify(count: shownBefore + 1).last, "\(daemon.stderr)")
        #expect(warning.summary == "The computer is going to sleep", "\(warning)")
        #expect(
            warning.body.hasPrefix(
                "The dose-2 alarm is due at \(alarmTime(dose1)), and it will not ring while the computer sleeps."),
            "\(warning)")
        #expect(
            warning.hints.contains("\"suppress-sound\": True") && !warning.hints.contains("sound-name"),
            "nudge plays it: \(warning.hints)")
        // Four fifths of the 3 s logind waits here.
        #expect(daemon.waitForLog("sounding the warning for at most 2.4 s before the sleep"), "\(daemon.stderr)")
        #expect(daemon.waitForEvent("sleep_let_go", ["why": "the warning sounded"]), "\(daemon.stderr)")
        let letGo = Date().timeIntervalSince(announced)
        // The ALSA file plugin's null device takes a whole sound at once: all 6.1 s of
        // alarm-clock-elapsed were played before the sleep was let go. The reader of the
        // recording may be a few blocks behind the daemon's log line (5.8 s read under load).
        #expect(audio.waitFor(seconds: 6, timeout: 5), "let go after \(audio.seconds) s of sound")
        #expect(try logind.inhibitors(mode: "delay").isEmpty && letGo < 3, "let go after \(letGo) s")
        #expect(try logind.inhibitors() == [why], "idle sleep is still refused")
        print(
            "keep-awake: warned, sounded and let the sleep go \(String(format: "%.3f", letGo)) s after PrepareForSleep(true)"
        )
        try logind.prepareForSleep(false)
        #expect(daemon.waitForEvent("rescheduled", ["reason": "resumed"]), "\(daemon.stderr)")
        #expect(try logind.inhibitors(mode: "delay") == ["to warn before sleep: \(why)"])
    }

    /// On a locked screen the warning, which is not reworded on unlock, says an alarm must ring,
    /// not the dose-2 alarm and its time (hostile round on issue 41).
    @Test func onALockedScreenTheWarningDoesNotNameTheDose() throws {
        _ = try nudge("settings", "set", "sound.enabled", "false")
        try logind.addSession("c9")
        try logind.setLocked(true, session: "c9")
        _ = try startNight()
        let daemon = try startDaemon(
            environment: ["XDG_SESSION_ID": "c9", "NUDGE_RTC_WAKEALARM": directory.file("no-rtc")])
        #expect(daemon.waitForEvent("keep_awake", ["held": "yes"]), "\(daemon.stderr)")
        #expect(daemon.waitForEvent("screen_lock", ["locked": "yes"]), "\(daemon.stderr)")
        let shownBefore = bus.notifyCalls().count
        try logind.prepareForSleep(true)
        let warning = try #require(bus.waitForNotify(count: shownBefore + 1).last, "\(daemon.stderr)")
        #expect(warning.summary == "The computer is going to sleep", "\(warning)")
        #expect(
            warning.body.hasPrefix("An alarm must ring tonight, and it will not ring while the computer sleeps."),
            "\(warning)")
        #expect(!warning.body.lowercased().contains("dose"), "\(warning)")
        try logind.prepareForSleep(false)
    }

    /// With nothing to sound (sound.enabled false), the sleep is let go as soon as the warning is shown.
    @Test func aSilentWarningLetsTheSleepGoAtOnce() throws {
        _ = try nudge("settings", "set", "sound.enabled", "false")
        _ = try startNight()
        let daemon = try startDaemon()
        #expect(daemon.waitForEvent("keep_awake", ["held": "yes"]), "\(daemon.stderr)")
        try logind.prepareForSleep(true)
        #expect(daemon.waitForEvent("sleep_let_go", ["why": "nothing to sound"]), "\(daemon.stderr)")
        #expect(try logind.inhibitors(mode: "delay").isEmpty)
        #expect(audio.seconds == 0)
    }

    /// While the alarm rings a closed lid does not suspend (logind's lid switch is held), and
    /// from the answer on it does again.
    @Test func aClosedLidDoesNotSilenceARingingAlarm() throws {
        let dose1 = Date(timeIntervalSince1970: (TestClock.now().timeIntervalSince1970 + 3 - 165 * 60).rounded())
        _ = try nudge("dose", "1", "--at", Timestamp.format(dose1))
        let daemon = try startDaemon()
        #expect(
            daemon.waitForEvent("lid", ["held": "yes"], timeout: 20), "\(daemon.stderr)")
        #expect(try logind.inhibitors(what: "handle-lid-switch") == ["an alarm rings until it is answered"])
        _ = try nudge("dose", "2")
        #expect(daemon.waitForEvent("lid", ["held": "no"]), "\(daemon.stderr)")
        #expect(daemon.waitForEvent("keep_awake", ["held": "no"]), "\(daemon.stderr)")
        #expect(
            try logind.inhibitors(what: "handle-lid-switch").isEmpty && logind.inhibitors().isEmpty
                && logind.inhibitors(mode: "delay").isEmpty)
    }

    /// Another program records dose 2: the daemon follows the store and lets go.
    @Test func releasedWhenAnotherProgramRecordsDose2() throws {
        let dose1 = try startNight()
        let daemon = try startDaemon()
        #expect(
            daemon.waitForEvent(
                "keep_awake", ["held": "yes", "reason": "the dose-2 alarm is due at \(alarmTime(dose1))"]),
            "\(daemon.stderr)")
        let written = try Subprocess.run(
            "/usr/bin/sqlite3",
            [
                store,
                "PRAGMA busy_timeout = 5000; UPDATE current_session SET dose2_time = '\(Timestamp.formatForDoseTap(TestClock.now()))' WHERE id = 1;",
            ])
        #expect(written.status == 0, "\(written)")
        #expect(daemon.waitForEvent("keep_awake", ["held": "no"]), "\(daemon.stderr)")
        #expect(try logind.inhibitors().isEmpty)
    }

    /// A meditation holds one until it is stopped; sleep.keep_awake false lets go of it.
    @Test func aMeditationHoldsOneAndTheSettingTurnsItOff() throws {
        let daemon = try runningDaemon()
        _ = try nudge("meditate", "20m", "--delay", "0", "--detach")
        #expect(
            daemon.waitForEvent("keep_awake", ["held": "yes", "reason": "a meditation ends at "]), "\(daemon.stderr)")
        #expect(try logind.inhibitors().count == 1)
        _ = try nudge("meditate", "stop", at: Timestamp.format(TestClock.now().addingTimeInterval(120)))
        #expect(daemon.waitForEvent("keep_awake", ["held": "no"]), "\(daemon.stderr)")
        #expect(try logind.inhibitors().isEmpty)
        _ = try nudge("meditate", "20m", "--delay", "0", "--detach")
        #expect(
            FileEvents.waitUntil(watching: [directory.path], timeout: 10) {
                daemon.stderr.components(separatedBy: "keeping the computer from idle sleep: a meditation").count == 3
            })
        _ = try nudge("settings", "set", "sleep.keep_awake", "false")
        #expect(
            FileEvents.waitUntil(watching: [directory.path], timeout: 10) {
                daemon.stderr.components(separatedBy: "no longer keeping").count == 3
            }, "\(daemon.stderr)")
        #expect(try logind.inhibitors().isEmpty)
    }

    /// The Take button on the open window's notification lets go of it at once.
    @Test func releasedByAClick() throws {
        let dose1 = Date(timeIntervalSince1970: (TestClock.now().timeIntervalSince1970 - 151 * 60).rounded())
        _ = try nudge("dose", "1", "--at", Timestamp.format(dose1))
        let daemon = try startDaemon()
        #expect(daemon.waitForEvent("keep_awake", ["held": "yes"]), "\(daemon.stderr)")
        #expect(!bus.waitForNotify().isEmpty, "\(daemon.stderr)")
        try bus.invokeAction("take", on: 1)
        #expect(daemon.waitForEvent("keep_awake", ["held": "no"]), "\(daemon.stderr)")
        #expect(try logind.inhibitors().isEmpty)
    }

    /// Without CAP_WAKE_ALARM (dropped from the bounding set, as a user unit on a systemd before
    /// 254 has it): the computer is only kept from idle sleep, and the log, dose 1, status and
    /// doctor all say so.
    @Test func withoutTheCapabilityItIsOnlyKeptAwakeAndEveryoneSaysSo() throws {
        let daemon = try Subprocess.spawn(
            "/usr/bin/setpriv", ["--bounding-set=-wake_alarm", NudgeBinary.path, "daemon", "--log-level", "debug"],
            environment: NudgeBinary.environment(environment), stderrPath: directory.file("daemon.err"))
        #expect(daemon.waitForEvent("rescheduled", ["reason": "start"]), "\(daemon.stderr)")
        _ = try startNight()
        #expect(
            daemon.waitForLog("cannot wake a suspended computer for the alarm (timerfd_create(CLOCK_REALTIME_ALARM)"),
            "\(daemon.stderr)")
        #expect(daemon.waitForEvent("keep_awake", ["held": "yes"]), "\(daemon.stderr)")
        #expect(try nudge("dose", "status", "--json").stdout.contains("\"alarm_can_wake_computer\" : false"))
        let again = try nudge("dose", "1", "--new-session")
        #expect(
            again.stdout.contains(
                "\nthe alarm: this computer will be kept from idle sleep until dose 2; if you suspend it, the alarm will not ring"
            ), "\(again)")
        let doctor = try NudgeBinary.run(["doctor"], environment: environment)
        #expect(
            doctor.stdout.contains(
                "PROBLEM wake: the alarm cannot wake a suspended computer: the daemon cannot arm a wake alarm (timerfd_create(CLOCK_REALTIME_ALARM)"
            ),
            "\(doctor)")
        #expect(
            doctor.stdout.contains("fix: on systemd 254 or later, contrib/install.sh gives the unit CAP_WAKE_ALARM"),
            "\(doctor)")
    }

    /// One truth about waking (issue 38): without an RTC wake alarm nothing resumes the machine,
    /// and the log, dose 1, status and doctor all say so; with one, all say it wakes.
    @Test func withoutAnRTCNobodyPromisesAWake() throws {
        let missing = directory.file("no-rtc")
        let daemon = try startDaemon(environment: ["NUDGE_RTC_WAKEALARM": missing])
        #expect(daemon.waitForEvent("rescheduled", ["reason": "start"]), "\(daemon.stderr)")
        let night = try nudge("dose", "1", "--at", Timestamp.format(TestClock.now().addingTimeInterval(-600)))
        #expect(
            night.stdout.hasSuffix(
                "\nthe alarm: this computer will be kept from idle sleep until dose 2; if you suspend it, the alarm will not ring\n"
            ), "\(night)")
        #expect(
            daemon.waitForLog("but it cannot wake the computer: no RTC wake alarm (\(missing))"), "\(daemon.stderr)")
        #expect(try nudge("dose", "status", "--json").stdout.contains("\"alarm_can_wake_computer\" : false"))
        let doctor = try NudgeBinary.run(
            ["doctor"], environment: environment.merging(["NUDGE_RTC_WAKEALARM": missing]) { $1 })
        #expect(
            doctor.status == 1
                && doctor.stdout.contains(
                    "PROBLEM wake: the alarm cannot wake a suspended computer: no RTC wake alarm (\(missing)): nothing can resume this machine\n        fix: keep the computer awake through the night"
                ), "\(doctor)")
        daemon.signal(SIGTERM)
        _ = daemon.waitForExit(timeout: 10)

        // With the RTC (and, as root here, CLOCK_REALTIME_ALARM): every reader says it wakes.
        let waking = try startDaemon(log: "waking.err")
        #expect(waking.waitForLog("the computer wakes for dose2:"), "\(waking.stderr)")
        #expect(try nudge("dose", "status", "--json").stdout.contains("\"alarm_can_wake_computer\" : true"))
        let doctorAgain = try NudgeBinary.run(["doctor"], environment: environment)
        #expect(
            doctorAgain.stdout.contains(
                "ok      wake: the alarm wakes a suspended computer (CLOCK_REALTIME_ALARM and the RTC)"),
            "\(doctorAgain)")
    }

    /// No logind on the bus: one line, and the night goes on.
    @Test func withoutLogindOneLineAndNothingElseChanges() throws {
        _ = try startNight()
        let daemon = try startDaemon(environment: [
            "DBUS_SYSTEM_BUS_ADDRESS": "unix:path=/nonexistent/nudge-test-system-bus"
        ])
        #expect(daemon.waitForLog("cannot keep the computer from idle sleep (no system bus"), "\(daemon.stderr)")
        // The wake alarm and the RTC alone do not make a promise: dose 1 and status say no.
        #expect(try nudge("dose", "status", "--json").stdout.contains("\"alarm_can_wake_computer\" : false"))
        let again = try nudge("dose", "1", "--new-session")
        #expect(
            again.stdout.contains(
                "\nthe alarm: this computer can neither be kept from idle sleep nor woken (see nudge doctor); if it sleeps, the alarm will not ring"
            ), "\(again)")
        let plansBeforeTheSetting = daemon.plansSoFar
        _ = try nudge("settings", "set", "dose.max_snoozes", "2")
        #expect(daemon.waitForPlan(after: plansBeforeTheSetting), "\(daemon.stderr)")
        #expect(daemon.stderr.components(separatedBy: "cannot keep the computer").count == 2, "\(daemon.stderr)")
    }
}
