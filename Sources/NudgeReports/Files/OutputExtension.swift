import NudgeCore

/// An export's file name must not promise what the file is not: a person who asks for
/// `report.pdf` and gets Markdown in it has a file no PDF reader opens. A refusal names only
/// the extensions of the formats this export writes, so that following it is taken.
public enum OutputExtension {
    /// The formats nudge writes, by the extensions that name them.
    public static let written: [String: String] = [
        "csv": "csv", "md": "markdown", "markdown": "markdown", "html": "html", "htm": "html", "json": "json",
    ]

    /// Each format's own extension, as a refusal offers it.
    static let ending: [String: String] = ["csv": ".csv", "markdown": ".md", "html": ".html", "json": ".json"]

    /// What an extension nudge does not write is, and the format that serves its purpose.
    private static let unwritten: [String: (what: String, instead: String, why: String)] = [
        "pdf": ("PDF", "html", " and print the page to PDF from a browser"),
        "xlsx": ("spreadsheet file", "csv", ", which spreadsheets open"),
        "xls": ("spreadsheet file", "csv", ", which spreadsheets open"),
        "ods": ("spreadsheet file", "csv", ", which spreadsheets open"),
        "docx": ("word-processor file", "html", ", which word processors open"),
        "doc": ("word-processor file", "html", ", which word processors open"),
        "odt": ("word-processor file", "html", ", which word processors open"),
        "rtf": ("word-processor file", "html", ", which word processors open"),
    ]

    /// Refuses an `--output` whose extension names another format than `format` (given or
    /// chosen by default) among `formats`, those the export writes; an extension nudge does not
    /// know (`.txt`) is the person's choice.
    public static func validate(_ output: String, format: String, given: Bool, formats: [String]) throws {
        guard let ext = of(output) else { return }
        // With --format given, only its own extension is taken; without, any format's.
        let endings = (given ? [format] : formats).compactMap { ending[$0] }
        let offered = "give an --output ending in \(listed(endings))"
        if let other = unwritten[ext] {
            let fits = formats.contains(other.instead) && (!given || format == other.instead)
            let advice = fits ? "give an --output ending in \(ending[other.instead] ?? "")\(other.why)" : offered
            throw UsageRefusal("nudge writes no \(other.what); \(advice)")
        }
        guard let named = written[ext], named != format else { return }
        guard given else { throw UsageRefusal("this export has no \(named) form; \(offered)") }
        let leaveOut = formats.contains(named) ? ", or leave --format out" : ""
        throw UsageRefusal("--format \(format) does not match --output's .\(ext); \(offered)\(leaveOut)")
    }

    /// The extension of a file's name, lowercased; nil for none (`notes`, `.profile`).
    public static func of(_ output: String) -> String? {
        let name = output.split(separator: "/").last.map(String.init) ?? output
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        return name[name.index(after: dot)...].lowercased()
    }

    /// Refuses an iCalendar feed's `--output` that ends in anything but `.ics`, or in no
    /// extension (hostile round of issue 40: `--output u` was written): a calendar program
    /// opens a feed by that name, and a browser or editor would show `u.html` as text.
    public static func validateFeed(_ output: String) throws {
        guard let ext = of(output) else {
            throw UsageRefusal(
                "--format ics writes an iCalendar feed; give an --output ending in .ics, such as feed.ics")
        }
        guard ext != "ics" else { return }
        let shown = TextInput.oneLine(String(ext.prefix(20)))
        throw UsageRefusal(
            "--format ics writes an iCalendar feed, not a .\(shown) file; give an --output ending in .ics")
    }

    /// `.md`, `.md or .json`, `.csv, .md or .html`.
    private static func listed(_ endings: [String]) -> String {
        guard let last = endings.last, endings.count > 1 else { return endings.first ?? "" }
        return endings.dropLast().joined(separator: ", ") + " or " + last
    }
}
