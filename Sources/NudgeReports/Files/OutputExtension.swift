/// An export's file name must not promise what the file is not: a person who asks for
/// `report.pdf` and gets Markdown in it has a file no PDF reader opens.
public enum OutputExtension {
    /// The formats nudge writes, by the extensions that name them.
    public static let written: [String: String] = [
        "csv": "csv", "md": "markdown", "markdown": "markdown", "html": "html", "htm": "html", "json": "json",
    ]

    /// What to say of an extension that names a format nudge does not write.
    public static let unwritten: [String: String] = [
        "pdf": "nudge writes no PDF; give --format html and print the page to PDF from a browser",
        "xlsx": "nudge writes no spreadsheet file; give an --output ending in .csv, which spreadsheets open",
        "xls": "nudge writes no spreadsheet file; give an --output ending in .csv, which spreadsheets open",
        "ods": "nudge writes no spreadsheet file; give an --output ending in .csv, which spreadsheets open",
        "docx": "nudge writes no word-processor file; give an --output ending in .md or .html",
        "doc": "nudge writes no word-processor file; give an --output ending in .md or .html",
        "odt": "nudge writes no word-processor file; give an --output ending in .md or .html",
        "rtf": "nudge writes no word-processor file; give an --output ending in .md or .html",
    ]

    /// Refuses an `--output` whose extension names another format than `format` (given or
    /// chosen by default); an extension nudge does not know (`.txt`) is the person's choice.
    public static func validate(_ output: String, format: String, given: Bool) throws {
        let name = output.split(separator: "/").last.map(String.init) ?? output
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return }
        let ext = name[name.index(after: dot)...].lowercased()
        if let refusal = unwritten[ext] { throw UsageRefusal(refusal) }
        guard let named = written[ext], named != format else { return }
        throw UsageRefusal(
            given
                ? "--format \(format) does not match --output's .\(ext); give an --output that ends as the format, or leave --format out"
                : "this export has no \(named) form; give an --output ending in the extension of one it has")
    }
}
