import Foundation
import NudgeCore
import NudgeTestSupport
import Testing

/// Do Not Disturb on real dunst 1.9 under Xvfb (issue 41): `dunstctl set-paused true` holds the
/// symptom check in nudge (not sent, history says so) until it is unpaused, and the dose alarm
/// breaks through: sent critical (dunst keeps even that waiting while paused) and rung by nudge.
@Suite(.ownThread)
struct DunstDoNotDisturbTests {
    let directory = TemporaryDirectory()
    var store: String { directory.file("nudge.sqlite") }

    func environment(_ dunst: DunstServer, at fakeNow: String? = nil) -> [String: String] {
        var environment = ["TZ": "America/New_York", "NUDGE_STORE": store, "DBUS_SESSION_BUS_ADDRESS": dunst.address]
        if let fakeNow { environment["NUDGE_FAKE_NOW"] = fakeNow }
        return environment
    }

    func nudge(_ arguments: [String], _ environment: [String: String]) throws -> CommandResult {
        let result = try NudgeBinary.run(arguments, environment: environment)
        #expect(result.status == 0, "\(arguments): \(result)")
        return result
    }

    func daemon(_ environment: [String: String]) throws -> Spawned {
        try Subprocess.spawn(
            NudgeBinary.path, ["daemon", "--log-level", "debug"], environment: NudgeBinary.environment(environment),
            stderrPath: directory.file("daemon.err"))
    }

    @Test func aSymptomCheckWaitsForDunstToBeUnpaused() throws {
        let dunst = try DunstServer(rules: "")
        try dunst.setPaused(true)
        let daemon = try daemon(environment(dunst, at: "2026-11-21T19:59:58-05:00"))
        defer {
            daemon.signal(SIGKILL)
            _ = daemon.waitForExit(timeout: 10)
        }
        #expect(daemon.waitForEvent("held", ["key": "symptom:2026-11-21"]), "\(daemon.stderr)")
        let pending = try nudge(["history"], environment(dunst, at: "2026-11-21T20:00:30-05:00"))
        #expect(pending.stdout.contains("pending (held during Do Not Disturb since 20:00)"), "\(pending.stdout)")
        #expect(try dunst.count("waiting") == 0 && dunst.count("displayed") == 0)
        let unpaused = Date()
        try dunst.setPaused(false)
        #expect(daemon.waitForEvent("shown", ["key": "symptom:2026-11-21"]), "\(daemon.stderr)")
        #expect(Date().timeIntervalSince(unpaused) < 5, "\(daemon.stderr)")
        #expect(try dunst.count("displayed") == 1)
        let shown = try nudge(["history"], environment(dunst, at: "2026-11-21T20:00:30-05:00"))
        #expect(
            shown.stdout.contains("shown, no answer (held during Do Not Disturb from 20:00 to 20:00)"),
            "\(shown.stdout)")
    }

    @Test func theDoseAlarmBreaksThroughCriticalAndRings() throws {
        // dunst 1.9's history keeps no urgency: a rule marks a critical one's text.
        let dunst = try DunstServer(rules: "[mark-critical]\n    urgency = critical\n    format = \"CRITICAL %s\"")
        let audio = try RecordedAudio(in: directory)
        var environment = environment(dunst)
        environment["HOME"] = audio.home
        _ = try nudge(["settings", "set", "symptom.reminder_enabled", "false"], environment)
        // Dose 1 such that the alarm (dose 1 + 165 min) rings in 3 s.
        let dose1 = Date(timeIntervalSince1970: (TestClock.now().timeIntervalSince1970 + 3 - 165 * 60).rounded())
        _ = try nudge(["dose", "1", "--at", Timestamp.format(dose1)], environment)
        try dunst.setPaused(true)
        let daemon = try daemon(environment)
        defer {
            daemon.signal(SIGKILL)
            _ = daemon.waitForExit(timeout: 10)
        }
        #expect(daemon.waitForEvent("shown", timeout: 30), "\(daemon.stderr)")
        #expect(daemon.waitForEvent("ring_started"), "\(daemon.stderr)")
        // Paused dunst 1.9 keeps even a critical one waiting: nudge's own sound is what is heard.
        #expect(try dunst.count("waiting") == 1 && dunst.count("displayed") == 0)
        try dunst.setPaused(false)
        #expect(try dunst.count("displayed") == 1)
        try dunst.closeAll()
        let history = try dunst.history()
        #expect(history.contains("\"CRITICAL Time for dose 2\""), "\(history)")
    }

    /// A meditation pauses dunst from its start bell (`meditation.do_not_disturb`, on by
    /// default) and `meditate stop` unpauses it: what `dunstctl is-paused` says.
    @Test func aMeditationPausesDunstUntilItIsStopped() throws {
        let dunst = try DunstServer(rules: "")
        let environment = environment(dunst)
        let daemon = try daemon(environment)
        defer {
            daemon.signal(SIGKILL)
            _ = daemon.waitForExit(timeout: 10)
        }
        #expect(daemon.waitForEvent("rescheduled", ["reason": "start"]), "\(daemon.stderr)")
        #expect(try dunst.isPaused() == false)
        _ = try nudge(["meditate", "30s", "--delay", "0", "--detach"], environment)
        #expect(daemon.waitForEvent("quiet_on", ["switch": "dunst"]), "\(daemon.stderr)")
        #expect(daemon.waitForEvent("do_not_disturb", ["on": "yes"]), "\(daemon.stderr)")
        #expect(try dunst.isPaused())
        _ = try nudge(["meditate", "stop"], environment)
        #expect(daemon.waitForEvent("quiet_restored", ["switch": "dunst"]), "\(daemon.stderr)")
        #expect(daemon.waitForEvent("do_not_disturb", ["on": "no"]), "\(daemon.stderr)")
        #expect(try dunst.isPaused() == false)
    }

    /// dunst 1.9 has no pause levels: doctor says a paused one holds even the alarm, and gives
    /// the rule a later dunst takes; a meditation would pause dunst, and leaves it paused.
    @Test func doctorSaysAPausedDunstHoldsEvenTheAlarm() throws {
        let dunst = try DunstServer(rules: "")
        try dunst.setPaused(true)
        // A sound device that plays (the ALSA file recipe): nudge's own sound is heard.
        let audio = try RecordedAudio(in: directory)
        let doctor = try NudgeBinary.run(
            ["doctor"], environment: environment(dunst).merging(["HOME": audio.home]) { $1 })
        #expect(doctor.stdout.contains("ok      Do Not Disturb: on (dunst is paused)"), "\(doctor.stdout)")
        // Never that the alarm "breaks through" just above the line that says dunst holds it.
        #expect(!doctor.stdout.contains("the dose alarm breaks through"), "\(doctor.stdout)")
        #expect(doctor.stdout.contains("the dose alarm rings by nudge's own sound"), "\(doctor.stdout)")
        #expect(
            doctor.stdout.contains("WARNING dunst: a paused dunst holds every notification, critical ones too"),
            "\(doctor.stdout)")
        #expect(doctor.stdout.contains("override_pause_level = 100"), "\(doctor.stdout)")
        #expect(
            doctor.stdout.contains(
                "ok      meditation: quiets the desktop by pausing dunst (its paused property); one started now leaves it as it is, since Do Not Disturb is on already\n"
            ), "\(doctor.stdout)")
    }

    /// Held by a paused dunst and nothing plays (hostile round on issue 41): doctor said ok,
    /// "rings by nudge's own sound", above the line saying nothing plays. A problem: the alarm
    /// would be silent tonight.
    @Test func aPausedDunstWithNothingThatPlaysIsAProblem() throws {
        let dunst = try DunstServer(rules: "")
        try dunst.setPaused(true)
        let doctor = try NudgeBinary.run(
            ["doctor"], environment: environment(dunst).merging(["HOME": directory.file("no-sound")]) { $1 })
        try #require(doctor.stdout.contains("PROBLEM sound: nothing plays"), "\(doctor.stdout)")
        #expect(
            doctor.stdout.contains(
                "PROBLEM Do Not Disturb: on (dunst is paused); dunst holds even the dose alarm, and nothing plays here"),
            "\(doctor.stdout)")
        #expect(!doctor.stdout.contains("rings by nudge's own sound"), "\(doctor.stdout)")
    }
}
