import Foundation
import NudgeTestSupport
import Testing

/// The real binary says times on the person's clock: their locale's LC_TIME (locales made
/// once per test process by MadeLocales, found through LOCPATH), or GNOME's clock-format where
/// they set it (a schema compiled here, read through GSettings' keyfile backend).
@Suite(.ownThread)
struct ClockFormatEndToEndTests {
    let directory = TemporaryDirectory()
    var store: String { directory.file("nudge.sqlite") }
    let locales: String

    init() {
        let made = MadeLocales.folder(with: ["en_US.UTF-8", "en_GB.UTF-8", "de_DE.UTF-8"])
        #expect(made.refusals.isEmpty, "\(made.refusals)")
        locales = made.path
    }

    func nudge(_ arguments: [String], _ variables: [String: String]) throws -> CommandResult {
        try NudgeBinary.run(
            arguments + ["--store", store],
            environment: [
                "TZ": "America/New_York", "NUDGE_FAKE_NOW": "2026-11-21T23:00:00-05:00", "LOCPATH": locales,
                "LC_ALL": "", "LC_TIME": "", "HOME": directory.path,
                "GSETTINGS_SCHEMA_DIR": directory.file("no-schemas"),
            ].merging(variables) { $1 })
    }

    @Test(arguments: [
        ("en_US.UTF-8", "9:10 PM today, 2026-11-21 9:10 PM EST", "8:00 PM"),
        ("en_GB.UTF-8", "21:10 today, 2026-11-21 21:10 EST", "20:00"),
        ("de_DE.UTF-8", "21:10 today, 2026-11-21 21:10 EST", "20:00"),
        ("C.UTF-8", "21:10 today, 2026-11-21 21:10 EST", "20:00"),
        ("xx_XX.UTF-8", "21:10 today, 2026-11-21 21:10 EST", "20:00"),
    ])
    func theLocalesClockIsTheOneShown(lang: String, logged: String, due: String) throws {
        let log = try nudge(["log", "symptom", "Headache", "--severity", "2", "--at", "21:10"], ["LANG": lang])
        #expect(log.stdout == "logged Headache (2) at \(logged)\n", "\(log)")
        let upcoming = try nudge(["upcoming", "--limit", "1"], ["LANG": lang])
        #expect(upcoming.stdout.contains("2026-11-21 \(due) EST"), "\(upcoming)")
        let json = try nudge(["upcoming", "--limit", "1", "--json"], ["LANG": lang])
        #expect(json.stdout.contains("\"due_at\" : \"2026-11-22T01:00:00Z\""), "JSON stays ISO 8601: \(json)")
        let csv = try nudge(["symptoms", "export", "--format", "csv"], ["LANG": lang])
        #expect(csv.stdout.contains("\r\n2026-11-21,21:10,Headache,2,"), "CSV keeps the 24-hour clock: \(csv)")
    }

    /// Weekday and month names are the locale's where it is installed, English otherwise.
    @Test(arguments: [
        ("de_DE.UTF-8", "Samstag", "Mär", "Di"), ("en_GB.UTF-8", "Saturday", "Mar", "Tu"),
        ("xx_XX.UTF-8", "Saturday", "Mar", "Tu"),
    ])
    func daysAndMonthsAreNamedInTheLocalesLanguage(lang: String, saturday: String, march: String, tuesday: String)
        throws
    {
        _ = try nudge(["log", "symptom", "Headache", "--severity", "2", "--at", "21:10"], ["LANG": lang])
        let listed = try nudge(["symptoms", "--date", "today"], ["LANG": lang])
        #expect(listed.stdout.contains("\(saturday) 2026-11-21"), "\(listed)")
        let calendar = try nudge(["meditations", "--calendar"], ["LANG": lang]).stdout.split(separator: "\n")
        #expect(calendar.first?.contains(" \(march) ") == true && calendar[2].hasPrefix("\(tuesday) "), "\(calendar)")
    }

    /// GNOME's setting, where the person set it, wins over the locale, both ways.
    @Test(arguments: [("12h", "de_DE.UTF-8", "9:10 PM"), ("24h", "en_US.UTF-8", "21:10")])
    func theDesktopsClockFormatWinsOverTheLocale(setting: String, lang: String, shown: String) throws {
        let schemas = try GNOMESchema.interface.compile(into: directory.file("schemas"))
        let settings = directory.file("config/glib-2.0/settings")
        try FileManager.default.createDirectory(atPath: settings, withIntermediateDirectories: true)
        try "[org/gnome/desktop/interface]\nclock-format='\(setting)'\n".write(
            toFile: "\(settings)/keyfile", atomically: true, encoding: .utf8)
        let log = try nudge(
            ["log", "symptom", "Headache", "--severity", "2", "--at", "21:10"],
            [
                "LANG": lang, "GSETTINGS_SCHEMA_DIR": schemas, "GSETTINGS_BACKEND": "keyfile",
                "XDG_CONFIG_HOME": directory.file("config"),
            ])
        #expect(log.stdout.hasPrefix("logged Headache (2) at \(shown) today"), "\(log)")
        #expect(log.stderr.isEmpty, "\(log)")
    }
}
