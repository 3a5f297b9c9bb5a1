import Foundation

/// A time as DoseTap's reader reads its tables: ISO 8601 with a fraction of the second, else
/// none (DoseTap leaves such a medication entry out of its lists and its duplicate guard).
public enum DoseTapTime {
    public static func read(_ text: String) -> Date? {
        // One formatter per reading: Foundation's on Linux is not documented as safe to share.
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)
    }

    /// When an entry says its dose was taken: DoseTap's form, or one another program wrote to
    /// the second, which DoseTap's lists leave out but which still stands for a dose taken (a
    /// doubled dose is the harm its guard is there for).
    public static func taken(_ text: String) -> Date? {
        read(text) ?? Timestamp.parse(text)
    }
}
