import Foundation

/// A day's entries of one symptom, however each was spelled ("headache" and "Headache" are
/// one), named in the spelling logged first.
struct SymptomGroup {
    var name: String
    var entries: [SymptomEntry]

    /// Newest symptom first (by its newest entry).
    static func grouped(_ entries: [SymptomEntry]) -> [SymptomGroup] {
        var groups: [SymptomGroup] = []
        var index: [String: Int] = [:]
        for entry in entries.sorted(by: { $0.loggedAt > $1.loggedAt }) {
            let key = SymptomEntry.sameSymptom(entry.name)
            if let found = index[key] {
                groups[found].entries.append(entry)
                groups[found].name = entry.name
            } else {
                index[key] = groups.count
                groups.append(SymptomGroup(name: entry.name, entries: [entry]))
            }
        }
        return groups
    }

    /// `Headache (3)`, or for several `Headache ×3, highest 4`.
    func text(_ text: BodyText) -> String {
        let name = text.escape(name)
        guard entries.count > 1 else { return "\(name) (\(entries[0].severity))" }
        return "\(name) ×\(entries.count), highest \(entries.map(\.severity).max() ?? 0)"
    }
}
