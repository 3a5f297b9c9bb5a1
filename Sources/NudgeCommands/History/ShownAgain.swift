import Foundation
import NudgeCore

/// The deliveries nudge closed unanswered because the same reminder was shown again (a
/// medication's repeat closes the reminder before it): not "answered otherwise", which is said
/// of one settled another way. Read from the keys alone, as every kind writes them: a
/// reminder's follow-ups' keys start with its first key and a colon.
enum ShownAgain {
    /// The ids among `records` closed by nudge, unanswered, once a later delivery of the same
    /// kind and the same first key was shown.
    static func ids(in records: [DeliveryRecord]) -> Set<Int64> {
        let keys = Dictionary(grouping: records, by: \.kind).mapValues { Set($0.map(\.key)) }
        var found: Set<Int64> = []
        for record in records where record.closedReason == .closed && record.action == nil {
            guard let shownAt = record.shownAt, let closedAt = record.closedAt else { continue }
            let first = firstKey(of: record.key, among: keys[record.kind] ?? [])
            let again = records.contains { later in
                later.kind == record.kind && later.id != record.id && later.key != record.key
                    && later.key.hasPrefix(first + ":")
                    && (later.shownAt.map { $0 >= shownAt && $0 <= closedAt } ?? false)
            }
            if again { found.insert(record.id) }
        }
        return found
    }

    /// The shortest of `keys` that `key` is, or starts with followed by a colon; `key` itself
    /// when the first is not among them (listed from a later `--since`).
    private static func firstKey(of key: String, among keys: Set<String>) -> String {
        keys.filter { key == $0 || key.hasPrefix($0 + ":") }.min { $0.count < $1.count } ?? key
    }
}
