import Foundation

/// The occurrences generated on some days with the store's rows applied: settled ones dropped,
/// owed rows (a snooze, a claim a crash interrupted) added, in place of a generated one with
/// their key. Whole occurrences are built only for what is asked: what is due by an instant,
/// what is due next. With thousands of contacts that is a few, and nothing is sorted.
struct Candidates {
    private var generated: [GeneratedOccurrences] = []
    /// From owed rows, by key.
    private var owed: [Occurrence] = []
    /// Keys a row settles or stands in for: a generated occurrence with one is not a candidate.
    private var replaced: Set<String> = []
    /// Nothing at or after it is known for sure: a rule read only the facts due before it.
    private var horizon: Date?

    init(of schedule: Schedule, days: ClosedRange<CivilDate>) {
        let input = schedule.input
        for kind in input.kinds where kind.isEnabled(input) {
            let occurrences = kind.occurrences(days: days, from: input, clock: schedule.clock)
            generated.append(occurrences)
            if let end = occurrences.horizon { horizon = min(horizon ?? end, end) }
        }
        for record in input.deliveries {
            replaced.insert(record.key)
            guard record.isOwed, let kind = input.kind(record.kind), kind.isEnabled(input),
                kind.isCurrent(key: record.key, from: input, clock: schedule.clock)
            else { continue }
            owed.append(
                Occurrence(
                    kind: record.kind, key: record.key, dueAt: record.owedAt,
                    title: record.title ?? kind.title(ofKey: record.key, from: input, clock: schedule.clock)))
        }
        owed.sort { $0.key < $1.key }
    }

    /// Those due at or before `instant`: generated ones in generation order, then owed ones.
    func reached(by instant: Date) -> [Occurrence] {
        occurrences { $0 <= instant }
    }

    /// The earliest instant after `instant` with occurrences, those occurrences, and the first
    /// instant after it at which one was generated or owed. At the horizon, with nothing known
    /// due before it, the instant is the horizon's and none are due: a plan then reads further.
    func earliest(after instant: Date) -> (dueAt: Date?, next: [Occurrence], following: Date?) {
        var after = instant
        // Each round that finds only replaced ones passes at least one replaced key: few rounds.
        while true {
            let soonest = earliestInstant(after: after)
            if let horizon, horizon > instant, soonest.map({ $0 >= horizon }) ?? true { return (horizon, [], nil) }
            guard let soonest else { return (nil, [], nil) }
            let next = occurrences { $0 == soonest }
            // Past the horizon more may be due than these instants show.
            if !next.isEmpty {
                return (soonest, next, [earliestInstant(after: soonest), horizon].compactMap { $0 }.min())
            }
            after = soonest
        }
    }

    /// The first `limit` due after `instant`, soonest first; of each rule only those before its
    /// horizon, which a listing's facts put past its first `limit`.
    func soonest(after instant: Date, limit: Int) -> [Occurrence] {
        var order: [(dueAt: Date, batch: Int, index: Int)] = []
        for (batch, occurrences) in generated.enumerated() {
            let end = occurrences.horizon ?? .distantFuture
            for (index, dueAt) in occurrences.dueAt.enumerated() where dueAt > instant && dueAt < end {
                order.append((dueAt, batch, index))
            }
        }
        order.sort { ($0.dueAt, $0.batch, $0.index) < ($1.dueAt, $1.batch, $1.index) }
        var found: [Occurrence] = []
        for entry in order {
            guard found.count < limit else { break }
            let occurrence = generated[entry.batch][entry.index]
            if !replaced.contains(occurrence.key) { found.append(occurrence) }
        }
        found += owed.filter { $0.dueAt > instant }
        return Array(found.sortedByDue().prefix(limit))
    }

    private func occurrences(dueWhere matches: (Date) -> Bool) -> [Occurrence] {
        var found: [Occurrence] = []
        for occurrences in generated {
            for (index, dueAt) in occurrences.dueAt.enumerated() where matches(dueAt) {
                let occurrence = occurrences[index]
                if !replaced.contains(occurrence.key) { found.append(occurrence) }
            }
        }
        return found + owed.filter { matches($0.dueAt) }
    }

    private func earliestInstant(after instant: Date) -> Date? {
        var soonest: Date?
        for occurrences in generated {
            for dueAt in occurrences.dueAt where dueAt > instant && dueAt < soonest ?? .distantFuture {
                soonest = dueAt
            }
        }
        for occurrence in owed where occurrence.dueAt > instant && occurrence.dueAt < soonest ?? .distantFuture {
            soonest = occurrence.dueAt
        }
        return soonest
    }
}
