import Foundation
import NudgeCore
import NudgeReports
import NudgeStore

/// `nudge meds history`: the last days' doses of the medications taken by day, taken (on time,
/// or late by how much), skipped or missed, and every other medication entry, by day.
public enum MedicationHistoryListing {
    public static let defaultDays = 7
    public static let dayCounts = 1...366

    public struct Row: Encodable {
        var date: String
        var medication: String
        @TimestampText var dueAt: Date?
        var outcome: String
        @TimestampText var takenAt: Date?
        @NullWhenAbsent var doseMg: Int?
        @NullWhenAbsent var lateMinutes: Int?
        /// Answered *Taken* within DoseTap's duplicate guard of the entry `takenAt` names,
        /// which stands for another dose too.
        var withinDuplicateGuard: Bool

        init(_ item: MedicationHistory.Item) {
            date = item.date.description
            medication = item.medicationID
            dueAt = item.dueAt
            outcome = item.outcome.rawValue
            takenAt = item.takenAt
            doseMg = item.doseMg
            lateMinutes = item.lateMinutes
            withinDuplicateGuard = item.withinGuard
        }
    }

    public static func listing(days: Int?, _ context: CommandContext) throws
        -> Listing<MedicationHistory.Item, Row>
    {
        let count = days ?? defaultDays
        guard dayCounts.contains(count) else {
            throw CommandFailure(
                "--days \(count) is out of range; give a number of days from 1 to \(dayCounts.upperBound)",
                exitCode: 64)
        }
        let clock = context.wallClock
        let today = clock.date(of: context.now)
        let first = today.adding(days: 1 - count)
        let store = try context.openStoreForReading()
        let facts = try store.run {
            try $0.medicationRecords(since: clock.startOfDay(first), now: context.now, clock: clock)
        }
        let settings = try store.run { try $0.settings() }
        try UndatedMedicationNote.write(store, context)
        let items = MedicationHistory.items(
            facts, days: first...today, now: context.now, repeatMinutes: settings.int(.medsRepeatMinutes),
            clock: clock)
        return Listing(
            items: items,
            row: Row.init,
            columns: [
                // Times, doses and outcomes are never cut: the name gives way first.
                .init("DUE") { MedicationOutcomeText.due($0, clock: clock) },
                .narrowedName("MEDICATION") { $0.medicationID },
                .init("DOSE") { MedicationOutcomeText.dose($0) },
                .init("OUTCOME") { MedicationOutcomeText.text($0, clock: clock) },
            ],
            whenEmpty: count == 1
                ? "No medication due or taken today. Add one taken by day with: nudge meds add NAME --dose 100mg --at 08:00"
                : "No medication due or taken in the last \(count) days. Add one taken by day with: nudge meds add NAME --dose 100mg --at 08:00",
            sections: .init(
                heading: { "\(clock.weekdayName($0.date)) \($0.date)" }, comesFirst: { $0.date > $1.date }))
    }
}
