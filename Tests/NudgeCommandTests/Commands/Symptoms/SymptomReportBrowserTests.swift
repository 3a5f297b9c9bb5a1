import Foundation
import NudgeTestSupport
import Testing

/// The HTML report in a real browser: Debian's headless Chromium renders it and prints it, the
/// PDF's text has every symptom and the span, and Chromium's network log has no request.
@Suite(.ownThread)
struct SymptomReportBrowserTests {
    static let chromium = "/usr/bin/chromium-headless-shell"
    let directory = TemporaryDirectory()
    var store: String { directory.file("nudge.sqlite") }
    var environment: [String: String] { ["TZ": "Europe/Berlin", "NUDGE_FAKE_NOW": "2026-11-22T20:00:00+01:00"] }

    /// A month: four symptoms on most days, one named as markup.
    func month() throws {
        try StoreQuery.create(store)
        var sql = "BEGIN;"
        for day in 0..<30 {
            for (index, name) in ["Headache", "Fatigue", "Nausea", "<b>Dizziness</b>"].enumerated()
            where (day + index) % 3 != 0 {
                let at = String(
                    format: "2026-%02d-%02dT%02d:15:00Z", day < 8 ? 10 : 11, day < 8 ? 24 + day : day - 7, 7 + index * 3
                )
                sql += """
                    INSERT INTO symptom_entries (id, name, severity, logged_at, notes, created_at, updated_at)
                    VALUES ('e\(day)-\(index)', '\(name)', \(1 + (day + index) % 5), '\(at)', NULL, '\(at)', '\(at)');
                    """
            }
        }
        let inserted = try Subprocess.run("/usr/bin/sqlite3", [store, sql + "COMMIT;"])
        #expect(inserted.status == 0, "\(inserted)")
    }

    /// Chromium with its own profile and home in the test's directory; the network log kept.
    func chromium(_ arguments: [String], page: String, netLog: String) throws -> CommandResult {
        try Subprocess.run(
            Self.chromium,
            [
                "--no-sandbox", "--user-data-dir=\(directory.file("profile"))", "--log-net-log=\(netLog)",
                "--hide-scrollbars",
            ] + arguments + ["file://\(page)"],
            environment: ["HOME": directory.path, "PATH": "/usr/bin:/bin"], timeout: 120)
    }

    /// Every address Chromium's network log names: a page it fetches anything for has one.
    func requestedAddresses(_ netLog: String) throws -> [String] {
        let log =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: netLog))) as? [String: Any]
        let events = log?["events"] as? [[String: Any]] ?? []
        return events.compactMap { ($0["params"] as? [String: Any])?["url"] as? String }
    }

    @Test func chromiumRendersAndPrintsItWithoutARequest() throws {
        try month()
        let page = directory.file("report.html")
        let exported = try NudgeBinary.run(
            ["symptoms", "export", "--format", "html", "--days", "30", "--output", page, "--store", store],
            environment: environment)
        #expect(exported.stdout.hasPrefix("exported 80 entries to \(page) (html"), "\(exported)")

        let screenshot = directory.file("report.png")
        let shot = try chromium(
            ["--screenshot=\(screenshot)", "--window-size=900,1300"], page: page, netLog: directory.file("shot.json"))
        #expect(shot.status == 0, "\(shot)")
        let spread = try Subprocess.run(
            "/usr/bin/convert", [screenshot, "-colorspace", "gray", "-format", "%[fx:standard_deviation]", "info:"])
        #expect((Double(spread.stdout) ?? 0) > 0.05, "a page with charts, not a blank one: \(spread)")

        let pdf = directory.file("report.pdf")
        let netLog = directory.file("print.json")
        let printed = try chromium(["--print-to-pdf=\(pdf)", "--no-pdf-header-footer"], page: page, netLog: netLog)
        #expect(printed.status == 0, "\(printed)")
        let text = try Subprocess.run("/usr/bin/pdftotext", ["-layout", pdf, "-"]).stdout
        for expected in [
            "2026-10-24 to 2026-11-22: 80 entries on 30 days", "Headache", "Fatigue", "Nausea", "<b>Dizziness</b>",
        ] {
            #expect(text.contains(expected), "\(expected) in \(text.prefix(600))")
        }
        #expect(try requestedAddresses(netLog) == [] && requestedAddresses(directory.file("shot.json")) == [])
    }

    /// The check above can fail: a page that names an address gets it into the log.
    @Test func aPageThatFetchesIsSeenInTheLog() throws {
        let page = directory.file("fetching.html")
        try #"<!DOCTYPE html><img src="http://127.0.0.1:9/x.png">"#.write(
            toFile: page, atomically: true, encoding: .utf8)
        let netLog = directory.file("fetching.json")
        let printed = try chromium(["--print-to-pdf=\(directory.file("fetching.pdf"))"], page: page, netLog: netLog)
        #expect(printed.status == 0, "\(printed)")
        #expect(try requestedAddresses(netLog).contains("http://127.0.0.1:9/x.png"))
    }
}
