import Foundation
import NudgeCore
import NudgeTestSupport
import Testing

/// `nudge symptoms export --format html`: one self-contained page, the person's text shown as
/// typed and never as markup.
@Suite struct SymptomReportTests: CommandScenario {
    let directory = TemporaryDirectory()

    /// Headache on three days, Nausea on one, and a name and a note that would be markup.
    func diary() {
        for (at, name, severity, notes) in [
            ("2026-11-20T21:00", "Headache", "3", "after the screen\nand a walk"),
            ("2026-11-21T09:15", "Nausea", "2", ""),
            ("2026-11-21T10:00", "headache", "5", ""), ("2026-11-21T11:00", "Headache", "2", ""),
            ("2026-11-22T08:00", "Headache", "1", ""),
            ("2026-11-22T09:00", "<script>alert(1)</script>", "4", "<img src=x onerror=alert(1)> & \"quoted\""),
        ] {
            let arguments =
                ["log", "symptom", name, "--severity", severity, "--at", at]
                + (notes.isEmpty ? [] : ["--notes", notes])
            #expect(nudge(arguments).status == 0, "\(name)")
        }
    }

    @Test func thePageHasTheSpanAChartPerSymptomTheSummaryAndTheDays() throws {
        diary()
        let html = nudge("symptoms", "export", "--format", "html", "--from", "2026-11-16", "--to", "2026-11-22").stdout
        #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
        #expect(html.contains("<title>Symptom diary: 2026-11-16 to 2026-11-22</title>"))
        #expect(html.contains("2026-11-16 to 2026-11-22: 6 entries on 3 days."), "\(html)")
        let captions = html.components(separatedBy: "<figcaption>").dropFirst().map { $0.prefix { $0 != "<" } }
        #expect(captions == ["Headache ", "&lt;script&gt;alert(1)&lt;/script&gt; ", "Nausea "], "most logged first")
        #expect(html.components(separatedBy: "<svg ").count == 4)
        // Headache's day of 5, 2: one bar to 5, the mean 3.5 on the line.
        let headache = try #require(html.components(separatedBy: "<figure>").dropFirst().first)
        #expect(headache.components(separatedBy: "<rect class=\"highest\"").count == 4, "a bar a day with entries")
        #expect(headache.contains("<polyline class=\"mean\""), "\(headache)")
        #expect(
            html.contains(
                "<tr><td>Headache</td><td class=\"number\">4</td><td class=\"number\">2.8</td><td class=\"number\">5</td></tr>"
            ))
        #expect(html.contains("<tr class=\"day\"><th colspan=\"4\">Saturday 2026-11-21</th></tr>"))
        #expect(
            html.contains("<td class=\"notes\">after the screen\nand a walk</td>"), "newlines kept, shown by pre-wrap")
        #expect(html.hasSuffix("</body>\n</html>\n"))
    }

    /// Nothing typed becomes markup, and nothing in the page is fetched or run.
    @Test func theTypedTextIsNeverMarkupAndNothingIsFetched() {
        diary()
        let html = nudge("symptoms", "export", "--format", "html").stdout
        #expect(!html.contains("<script") && !html.contains("<img"), "\(html)")
        #expect(html.contains("&lt;img src=x onerror=alert(1)&gt; &amp; &quot;quoted&quot;"))
        #expect(html.contains(#"content="default-src 'none'; style-src 'unsafe-inline'""#))
        for reference in ["http:", "https:", "src=\"", "href=", "url(", "@import"] {
            #expect(!html.contains(reference), "\(reference)")
        }
    }

    /// By the file's name; 0600 as every export; an empty span says so and has no chart.
    @Test func anOutputNamedHTMLIsTheReport() throws {
        diary()
        let output = directory.file("report.HTML")
        let result = nudge("symptoms", "export", "--output", output)
        #expect(result.stdout == "exported 6 entries to \(output) (html, mode 0600)\n", "\(result)")
        let attributes = try FileManager.default.attributesOfItem(atPath: output)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect(try String(contentsOfFile: output, encoding: .utf8).hasPrefix("<!DOCTYPE html>"))
        let empty = nudge("symptoms", "export", "--format", "html", "--date", "2026-11-01").stdout
        #expect(empty.contains("<p>Nothing was logged in this time.</p>") && !empty.contains("<svg"), "\(empty)")
    }
}
