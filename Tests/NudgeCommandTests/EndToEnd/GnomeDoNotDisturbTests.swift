import Foundation
import NudgeCore
import NudgeTestSupport
import Testing

/// GNOME's Do Not Disturb, `org.gnome.desktop.notifications show-banners` false, read through a
/// compiled schema and GSettings' keyfile backend (as the clock-format tests do) and followed by
/// its "changed" signal: the symptom check is held while it is off and shown once it is on.
@Suite(.ownThread, .timeLimit(.minutes(5)), .daemonOnBus)
struct GnomeDoNotDisturbTests: DaemonScenario {
    var keyfile: String { directory.file("config/glib-2.0/settings/keyfile") }

    func showBanners(_ shown: Bool) throws {
        try "[org/gnome/desktop/notifications]\nshow-banners=\(shown)\n".write(
            toFile: keyfile, atomically: true, encoding: .utf8)
    }

    @Test func aSymptomCheckWaitsWhileBannersAreOff() throws {
        let schemas = directory.file("schemas")
        try FileManager.default.createDirectory(atPath: schemas, withIntermediateDirectories: true)
        try """
        <schemalist>
          <schema id="org.gnome.desktop.notifications" path="/org/gnome/desktop/notifications/">
            <key name="show-banners" type="b"><default>true</default></key>
          </schema>
        </schemalist>
        """.write(toFile: "\(schemas)/org.gnome.desktop.notifications.gschema.xml", atomically: true, encoding: .utf8)
        let compiled = try Subprocess.run("/usr/bin/glib-compile-schemas", [schemas])
        #expect(compiled.status == 0, "\(compiled)")
        try FileManager.default.createDirectory(
            atPath: (keyfile as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try showBanners(false)
        let daemon = try startDaemon(
            at: "2026-11-21T19:59:58-05:00",
            environment: [
                "GSETTINGS_SCHEMA_DIR": schemas, "GSETTINGS_BACKEND": "keyfile",
                "XDG_CONFIG_HOME": directory.file("config"), "HOME": directory.path,
            ])
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
}
