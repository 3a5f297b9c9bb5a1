import Foundation
import NudgeReports
import NudgeTestSupport
import Testing

/// `meditations --calendar` labels its rows with the locale's short weekday names, seven that
/// tell the days apart (zh_CN's and ar_EG's full names all begin alike), in UTF-8 whatever the
/// locale's encoding. Locales made once per test process (MadeLocales), found through LOCPATH.
@Suite(.ownThread)
struct CalendarLocaleTests {
    let directory = TemporaryDirectory()
    var store: String { directory.file("nudge.sqlite") }
    let locales: String

    init() {
        let made = MadeLocales.folder(with: ["zh_CN.UTF-8", "ar_EG.UTF-8", "de_DE.ISO-8859-1", "fr_FR.UTF-8"])
        #expect(made.refusals.isEmpty, "\(made.refusals)")
        locales = made.path
    }

    func calendar(_ lang: String, now: String = "2026-11-22T20:00:00+01:00", year: [String] = ["--year", "2025"])
        throws -> [String]
    {
        let result = try NudgeBinary.run(
            ["meditations", "--calendar", "--store", store] + year,
            environment: [
                "TZ": "Europe/Berlin", "NUDGE_FAKE_NOW": now, "LOCPATH": locales,
                "LANG": lang, "HOME": directory.path, "GSETTINGS_SCHEMA_DIR": directory.file("no-schemas"),
            ])
        #expect(result.status == 0, "\(result)")
        return result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test(arguments: [
        ("zh_CN.UTF-8", ["一 ", "二 ", "三 ", "四 ", "五 ", "六 ", "日 "], " 1"),
        ("ar_EG.UTF-8", ["ن  ", "ث  ", "ر  ", "خ  ", "ج  ", "س  ", "ح  "], nil),
        ("de_DE.ISO-8859-1", ["Mo ", "Di ", "Mi ", "Do ", "Fr ", "Sa ", "So "], "Mär"),
    ])
    func weekdaysAreTheLocalesShortNamesAndAllDiffer(lang: String, labels: [String], month: String?) throws {
        let lines = try calendar(lang)
        let rows = Array(lines[1...7])
        for (row, label) in zip(rows, labels) { #expect(row.hasPrefix(label), "\(lang): \(row)") }
        if let month { #expect(lines[0].contains(month), "\(lang): \(lines[0])") }
        #expect(!lines.joined().contains("\u{FFFD}"), "no bytes shown as �")
        // The grid (2025 is past: every day drawn): a column per week; the month names stay above it.
        let grid = rows.map { DisplayWidth.of($0) }.max() ?? 0
        #expect(DisplayWidth.of(lines[0]) <= grid && grid <= 60, "\(lang): \(lines[0])")
    }

    /// Month labels are the locale's short names as it says a month alone, whole (issue 40: a
    /// cut to three columns made French `juin` and `juil.` both `jui`, and Chinese `10月` `10`);
    /// a month whose name has no room before the next is left out, never cut.
    @Test(arguments: [
        (
            "fr_FR.UTF-8",
            ["janv.", "févr.", "mars", "avril", "mai", "juin", "juil.", "août", "sept.", "oct.", "nov.", "déc."]
        ),
        ("zh_CN.UTF-8", (1...12).map { "\($0)月" }),
    ])
    func monthsAreTheLocalesWholeNames(lang: String, names: [String]) throws {
        let labels = try calendar(lang)[0].split(separator: " ").map(String.init)
        #expect(labels.count >= 8 && labels.allSatisfy(names.contains), "\(lang): \(labels)")
        #expect(labels.contains(lang.hasPrefix("fr") ? "juil." : "10月"), "\(lang): \(labels)")
    }

    /// This year's month is named above its weeks (hostile round of issue 40 after A14, Medium 6:
    /// zh_CN's `10月` left no room for `11月`; on 2 December `Dec` had no room past today's week).
    @Test(arguments: [
        ("zh_CN.UTF-8", "2026-11-27T20:00:00+01:00", "11月"), ("zh_CN.UTF-8", "2026-12-02T20:00:00+01:00", "12月"),
        ("C.UTF-8", "2026-12-02T20:00:00+01:00", "Dec"), ("C.UTF-8", "2026-11-27T20:00:00+01:00", "Nov"),
        ("fr_FR.UTF-8", "2026-12-02T20:00:00+01:00", "déc."),
    ])
    func theCurrentMonthIsNamed(lang: String, now: String, month: String) throws {
        let lines = try calendar(lang, now: now, year: [])
        let labels = lines[0].split(separator: " ").map(String.init)
        #expect(labels.last == month, "\(lang) at \(now): \(lines[0])")
        // Above its own week: the label begins where the month's first week is drawn.
        #expect(DisplayWidth.of(lines[0]) <= 80, "\(lines[0])")
    }
}
