import Foundation

/// What the store keeps for each occurrence a kind's summary showed (``SummarizingRule``): its
/// own title ("Call Bob", not "5 people to call"), so that history and `nudge ack` name each
/// one, and a body naming the summary it was shown in.
public enum SummaryRecord {
    static let bodyPrefix = "Shown in a summary ("
    static let bodySuffix = ")."

    public static func recorded(_ occurrence: Occurrence, in summary: NotificationContent) -> NotificationContent {
        var content = summary
        content.title = occurrence.title
        content.body = bodyPrefix + summary.title + bodySuffix
        return content
    }

    /// "shown in a summary (5 people to call)", read back from a recorded body; nil for another.
    public static func shown(body: String?) -> String? {
        guard let body, body.hasPrefix(bodyPrefix), body.hasSuffix(bodySuffix) else { return nil }
        return "shown in a summary (\(body.dropFirst(bodyPrefix.count).dropLast(bodySuffix.count)))"
    }
}
