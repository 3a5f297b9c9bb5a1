import Foundation
import NudgeCore
import NudgeReports

/// What `upcoming --format ics --output FILE` finds at FILE: nothing, an empty file, an earlier
/// feed of nudge's, which it replaces and says so, or another file (a calendar of the person's
/// own), which it refuses as `backup --output` refuses a file that is not a backup (issue 42,
/// hostile round 29: a person's own `.ics` was replaced, saying only "exported").
struct FeedOutputFile {
    /// Its size and when it last changed, for a file there with something in it.
    var replaced: String?

    /// Reads what is at `path`; refuses (exit 64, nothing written) a file nudge did not write.
    init(checking path: String, clock: WallClock) throws {
        guard let existing = ReplacedFile(at: path, clock: clock), existing.size > 0 else { return }
        let described = existing.described
        guard Self.isFeed(at: path) else {
            throw UsageRefusal(
                "--output '\(path)' is a file nudge did not write (\(described)), which the feed does not write over; give a new file's path, or remove that file first"
            )
        }
        replaced = described
    }

    /// Whether the file begins as nudge's feed does: its PRODID within the first lines.
    private static func isFeed(at path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let start = String(decoding: (try? handle.read(upToCount: 512)) ?? Data(), as: UTF8.self)
        return start.hasPrefix("BEGIN:VCALENDAR\r\n") && start.contains("\r\nPRODID:-//nudge//nudge ")
    }
}
