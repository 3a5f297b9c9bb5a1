import Foundation
import NudgeCore
import NudgeTestSupport
import Testing

/// GNOME's Do Not Disturb, `org.gnome.desktop.notifications show-banners` false, read through a
/// compiled schema and GSettings' keyfile backend (as the clock-format tests do) and followed by
/// its "changed" signal: the symptom check is held while it is off and shown once it is on.
@Suite(.ownThread, .daemonOnBus)
struct GnomeDoNotDisturbTests: DaemonScenario {
    var keyfile: String { directory.file("config/glib-2.0/settings/keyfile") }

    func showBanners(_ shown: Bool) throws {
        try "[org/gnome/desktop/notifications]\nshow-banners=\(shown)\n".write(
            toFile: keyfile, atomically: true, encoding: .utf8)
    }

    var banners: String? {
        (try? String(contentsOfFile: keyfile, encoding: .utf8))?.split(separator: "\n").first {
            $0.hasPrefix("show-banners=")
        }.map { String($0.dropFirst("show-banners=".count)) }
    }

    /// What GNOME's keyfile backend needs: the schema compiled, the keyfile's folder.
    func gnomeEnvironment() throws -> [String: String] {
        let schemas = try GNOMESchema.notifications.compile(into: directory.file("schemas"))
        try FileManager.default.createDirectory(
            atPath: (keyfile as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        return [
            "GSETTINGS_SCHEMA_DIR": schemas, "GSETTINGS_BACKEND": "keyfile",
            "XDG_CONFIG_HOME": directory.file("config"), "HOME": directory.path, "XDG_CURRENT_DESKTOP": "ubuntu:GNOME",
        ]
    }

    @Test func aSymptomCheckWaitsWhileBannersAreOff() throws {
        let gnome = try gnomeEnvironment()
        try showBanners(false)
        let daemon = try startDaemon(at: "2026-11-21T19:59:58-05:00", environment: gnome)
        defer {
            daemon.signal(SIGKILL)
            _ = daemon.waitForExit(timeout: 10)
        }
        #expect(daemon.waitForEvent("held", ["key": "symptom:2026-11-21"]), "\(daemon.stderr)")
        #expect(bus.notifyCalls().isEmpty)
        let turnedOn = Date()
        try showBanners(true)
        let shown = bus.waitForNotify(count: 1, timeout: 10)
        #expect(Date().timeIntervalSince(turnedOn) < 2, "\(daemon.stderr)")
        #expect(shown.map(\.summary) == ["Daily symptom check"], "\(daemon.stderr)")
        #expect(daemon.stderr.contains("Do Not Disturb is on (GNOME's show-banners is off)"), "\(daemon.stderr)")
    }

    /// A desktop that is not GNOME, with GNOME's schema installed and its banners off (issue
    /// 41, hostile round after F12): that key is no Do Not Disturb here, and holds nothing.
    @Test func bannersOffHoldNothingOnADesktopThatIsNotGNOME() throws {
        let xfce = try gnomeEnvironment().merging(["XDG_CURRENT_DESKTOP": "XFCE"]) { $1 }
        try showBanners(false)
        let daemon = try startDaemon(at: "2026-11-21T20:00:00-05:00", environment: xfce)
        defer {
            daemon.signal(SIGKILL)
            _ = daemon.waitForExit(timeout: 10)
        }
        let shown = bus.waitForNotify(count: 1, timeout: 10)
        #expect(shown.map(\.summary) == ["Daily symptom check"], "\(daemon.stderr)")
        #expect(!daemon.stderr.contains("event=held"), "\(daemon.stderr)")
        let doctor = try NudgeBinary.run(["doctor"], environment: environment.merging(xfce) { $1 })
        #expect(doctor.stdout.contains("Do Not Disturb: off"), "\(doctor.stdout)")
    }

    /// A meditation turns banners off from its start bell; a daemon killed during it leaves
    /// them off and its record in the store, and the next daemon, after the session's end,
    /// turns them on again once: a later "off" is the person's own.
    @Test func aMeditationTurnsBannersOffAndTheNextDaemonPutsThemBack() throws {
        let gnome = try gnomeEnvironment()
        try showBanners(true)
        let first = try startDaemon(environment: gnome)
        defer {
            first.signal(SIGKILL)
            _ = first.waitForExit(timeout: 10)
        }
        #expect(first.waitForEvent("rescheduled", ["reason": "start"]), "\(first.stderr)")
        let started = Date()
        let meditate = try NudgeBinary.run(
            ["meditate", "30s", "--delay", "0", "--detach"], environment: environment.merging(gnome) { $1 })
        #expect(meditate.status == 0, "\(meditate)")
        #expect(first.waitForEvent("quiet_on", ["switch": "gnome"]), "\(first.stderr)")
        #expect(waitForStore { banners == "false" }, "\(String(describing: banners))")
        let recorded = try rows("SELECT value FROM store_metadata WHERE key = 'desktop_quieted'")
        #expect(recorded.first?["value"]?.hasSuffix(" gnome") == true, "\(recorded)")
        first.signal(SIGKILL)
        _ = first.waitForExit(timeout: 10)
        #expect(banners == "false")

        let after = Timestamp.format(started.addingTimeInterval(90))
        let next = try startDaemon(at: after, environment: gnome, log: "next.err")
        defer {
            next.signal(SIGKILL)
            _ = next.waitForExit(timeout: 10)
        }
        #expect(next.waitForEvent("quiet_restored", ["switch": "gnome"]), "\(next.stderr)")
        #expect(waitForStore { banners == "true" }, "\(String(describing: banners))")
        #expect(
            waitForStore {
                (try? rows("SELECT value FROM store_metadata WHERE key = 'desktop_quieted'"))?.isEmpty == true
            })
        next.signal(SIGKILL)
        _ = next.waitForExit(timeout: 10)

        try showBanners(false)
        let third = try startDaemon(at: after, environment: gnome, log: "third.err")
        defer {
            third.signal(SIGKILL)
            _ = third.waitForExit(timeout: 10)
        }
        #expect(third.waitForEvent("rescheduled", ["reason": "start"]), "\(third.stderr)")
        #expect(banners == "false" && !third.stderr.contains("quiet_restored"))
    }

    /// A desktop that is not GNOME, with GNOME's schema installed all the same (issue 41,
    /// hostile round): a meditation leaves show-banners alone, since it would quiet nothing,
    /// and says that nothing here can turn the desktop's Do Not Disturb on.
    @Test func aMeditationOnADesktopThatIsNotGNOMELeavesBannersAlone() throws {
        let xfce = try gnomeEnvironment().merging(["XDG_CURRENT_DESKTOP": "XFCE"]) { $1 }
        try showBanners(true)
        let daemon = try startDaemon(environment: xfce)
        defer {
            daemon.signal(SIGKILL)
            _ = daemon.waitForExit(timeout: 10)
        }
        #expect(daemon.waitForEvent("rescheduled", ["reason": "start"]), "\(daemon.stderr)")
        let meditate = try NudgeBinary.run(
            ["meditate", "30s", "--delay", "0", "--detach"], environment: environment.merging(xfce) { $1 })
        #expect(meditate.status == 0, "\(meditate)")
        #expect(daemon.waitForEvent("quiet_left"), "\(daemon.stderr)")
        #expect(daemon.stderr.contains("nothing here can turn the desktop's Do Not Disturb on"), "\(daemon.stderr)")
        #expect(banners == "true" && !daemon.stderr.contains("quiet_on"), "\(String(describing: banners))")
        let doctor = try NudgeBinary.run(["doctor"], environment: environment.merging(xfce) { $1 })
        #expect(
            doctor.stdout.contains(
                "WARNING meditation: a session will not quiet the desktop: nudge cannot set this desktop's Do Not Disturb: "
            )
                && doctor.stdout.contains(
                    "this desktop is not GNOME, whose show-banners nudge would turn off (XDG_CURRENT_DESKTOP is 'XFCE')"
                ),
            "\(doctor.stdout)")
    }
}
