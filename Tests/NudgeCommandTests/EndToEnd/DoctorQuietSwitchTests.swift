import Foundation
import NudgeTestSupport
import Testing

/// `nudge doctor` names the switch a meditation turns the desktop's Do Not Disturb on with
/// (`meditation.do_not_disturb`): Plasma's Inhibit on the mock server, GNOME's show-banners
/// through its schema, or none, and then says a session will not quiet the desktop. dunst's is
/// in `DunstDoNotDisturbTests`.
@Suite(.ownThread, .daemonOnBus)
struct DoctorQuietSwitchTests: DaemonScenario {
    /// No GNOME schema anywhere GSettings looks: the machine's own is not read.
    var withoutGNOME: [String: String] {
        ["XDG_DATA_DIRS": directory.file("no-schemas"), "GSETTINGS_SCHEMA_DIR": ""]
    }

    func doctor(_ overrides: [String: String] = [:]) throws -> String {
        try NudgeBinary.run(["doctor"], environment: environment.merging(overrides) { $1 }).stdout
    }

    @Test func plasmasInhibitIsNamed() throws {
        try bus.addInhibited(false)
        try bus.addInhibitMethods()
        let report = try doctor(withoutGNOME)
        #expect(
            report.contains(
                "ok      meditation: quiets the desktop by the notification server's Inhibit (KDE Plasma)\n"),
            "\(report)")
    }

    @Test func gnomesShowBannersIsNamedWhereTheServerHasNoSwitch() throws {
        let schemas = try GNOMESchema.notifications.compile(into: directory.file("schemas"))
        let report = try doctor(
            withoutGNOME.merging(["GSETTINGS_SCHEMA_DIR": schemas, "XDG_CURRENT_DESKTOP": "GNOME"]) { $1 })
        #expect(
            report.contains("ok      meditation: quiets the desktop by turning GNOME's show-banners off\n"), "\(report)"
        )
    }

    @Test func withNoSwitchItSaysASessionWillNotQuietTheDesktop() throws {
        let report = try doctor(withoutGNOME)
        #expect(report.contains("WARNING meditation: a session will not quiet the desktop: "), "\(report)")
        #expect(report.contains("nudge settings set meditation.do_not_disturb false"), "\(report)")
    }

    @Test func turnedOffItSaysTheDesktopIsLeftAsItIs() throws {
        try nudge("settings", "set", "meditation.do_not_disturb", "false")
        try bus.addInhibited(false)
        let report = try doctor(withoutGNOME)
        #expect(
            report.contains(
                "ok      meditation: leaves the desktop's Do Not Disturb as it is (meditation.do_not_disturb is false)"),
            "\(report)")
        #expect(!report.contains("quiets the desktop by"), "\(report)")
    }
}
