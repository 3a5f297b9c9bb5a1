import Foundation
import NudgeCore
import NudgeReports
import NudgeStore

/// `nudge history`: what was shown and how it was answered, newest first.
public enum DeliveryHistory {
    /// What was due or shown since `since` (7 days ago unless given), newest first.
    public static func listing(since: GivenInstant?, verbose: Bool, _ context: CommandContext) throws -> Listing<
        DeliveryRecord, DeliveryRow
    > {
        let from =
            try since.map { typed throws(InputError) in
                let instant = try InstantInput.anyInstant(
                    typed, option: "--since", now: context.now, clock: context.wallClock)
                // Nothing is shown in the future: an empty listing would look like an empty history.
                guard instant <= context.now.addingTimeInterval(1) else {
                    let understood = InstantInput.describe(instant, now: context.now, clock: context.wallClock)
                    throw InputError(
                        "--since '\(TextInput.oneLine(typed.text))' (\(understood)) is in the future; give a time that has passed, such as --since 7d"
                    )
                }
                return instant
            } ?? context.now.addingTimeInterval(-7 * 86400)
        let clock = context.wallClock
        let (records, ownTexts, missed, versions) = try context.openStoreForReading().run { store in
            (
                try store.history(since: from), Self.ownReminderTexts(store),
                try store.missedDoses(since: from, clock: clock), try store.medicationVersions(knownFrom: context.now)
            )
        }
        let shownAgain = ShownAgain.ids(in: records)
        return
            Listing(
                items: records, row: DeliveryRow.init,
                columns: [
                    .init("ID") { String($0.id) }, .init("KIND") { $0.kind.rawValue },
                    .init("DUE") { LocalFormat.dateTime($0.dueAt, clock: clock) },
                    .init("SHOWN") { $0.shownAt.map { LocalFormat.time($0, clock: clock) } ?? "-" },
                    .init("OUTCOME") {
                        Self.outcome(
                            $0, shownAgain: shownAgain.contains($0.id), missed: missed, versions: versions, clock: clock
                        )
                    },
                    .text("TITLE") { Self.title($0, ownTexts: ownTexts) },
                ] + (verbose ? [.init("KEY") { $0.key }] : []),
                whenEmpty: "Nothing was due or shown since \(LocalFormat.dateTime(from, clock: clock)).")
    }

    public struct DeliveryRow: Encodable {
        var id: Int64
        var reminderKey: String
        var kind: String
        @TimestampText var dueAt: Date?
        @TimestampText var shownAt: Date?
        @NullWhenAbsent var notificationID: UInt32?
        /// The answer given: `action` in the JSON, as the column is named (STORE.md).
        @NullWhenAbsent var action: String?
        @TimestampText var acknowledgedAt: Date?
        @TimestampText var closedAt: Date?
        @NullWhenAbsent var closedReason: String?
        @TimestampText var missedAt: Date?
        @TimestampText var cancelledAt: Date?
        @TimestampText var lostAt: Date?
        /// Why it was lost (`lost_reason`: server, older_copy); null when it was not.
        @NullWhenAbsent var lostReason: String?
        @NullWhenAbsent var title: String?
        @NullWhenAbsent var body: String?

        init(_ record: DeliveryRecord) {
            id = record.id
            reminderKey = record.key
            kind = record.kind.rawValue
            dueAt = record.dueAt
            shownAt = record.shownAt
            notificationID = record.notificationID
            action = record.action
            acknowledgedAt = record.acknowledgedAt
            closedAt = record.closedAt
            closedReason = record.closedReason?.rawValue
            missedAt = record.missedAt
            cancelledAt = record.cancelledAt
            lostAt = record.lostAt
            lostReason = record.lostAt == nil ? nil : record.lostCause.rawValue
            title = record.title
            body = record.body
        }
    }

    /// An answer by when it came, then its id (`answered 12:34: tomorrow`): `tomorrow at 12:34`
    /// read as a time to come. The day is said when it was not the day the reminder was due.
    /// One held while the desktop was in Do Not Disturb says for which span. `missed`: the
    /// medication doses recorded missed, by `meds remove` when true; `versions`: the
    /// medications' schedules as they were, for a dose a `meds edit` took away.
    static func outcome(
        _ record: DeliveryRecord, shownAgain: Bool, missed: [ScheduledDose: Bool], versions: [ScheduledMedication],
        clock: WallClock
    ) -> String {
        let outcome =
            shownAgain
            ? "closed when shown again, no answer"
            : answerOutcome(
                record, missed: ScheduledDose.parse(record.key).flatMap { missed[$0.dose] },
                editedAway: isEditedAway(record, versions: versions, clock: clock), clock: clock)
        guard let held = record.heldAt else { return outcome }
        let from = LocalFormat.time(held, clock: clock)
        let span = record.releasedAt.map { "from \(from) to \(LocalFormat.time($0, clock: clock))" } ?? "since \(from)"
        return "\(outcome) (held during Do Not Disturb \(span))"
    }

    private static func answerOutcome(_ record: DeliveryRecord, missed: Bool?, editedAway: Bool, clock: WallClock)
        -> String
    {
        if let action = record.action {
            let when = record.acknowledgedAt.map { answered in
                clock.date(of: answered) == clock.date(of: record.dueAt)
                    ? LocalFormat.time(answered, clock: clock) : LocalFormat.dayAndTime(answered, clock: clock)
            }
            return "answered \(when.map { "\($0): " } ?? "")\(action)"
        }
        if record.missedAt != nil {
            return record.reshown > 0 ? "missed (expired unseen, shown \(record.reshown + 1) times)" : "missed"
        }
        if record.cancelledAt != nil { return "cancelled" }
        // Only nudge closes its own notifications, and unanswered only once their reason is
        // settled another way (dose 2 taken, a call logged, a mood recorded).
        // Your own reminder is closed when `reminders edit` moves it or `reminders delete`
        // removes it: no answer (hostile round of issue 42: "answered otherwise").
        if record.closedReason == .closed, record.kind == .ownReminder {
            return "closed unanswered: moved to another time or deleted"
        }
        // A dose's last reminder closed as it was recorded missed, or by `meds remove`: nobody
        // answered (hostile round 29 of issue 42: both read "answered otherwise").
        if record.closedReason == .closed, record.kind == .medication, let removed = missed {
            return removed ? "closed unanswered: the medication was removed (meds remove)" : "missed, no answer"
        }
        // Closed as `meds edit --at` moved its dose: nobody answered (hostile round 31).
        if record.closedReason == .closed, editedAway { return "closed unanswered: moved to another time (meds edit)" }
        if record.closedReason == .closed { return "answered otherwise" }
        if let reason = record.closedReason { return "closed (\(reason))" }
        // A bell sounds in nudge itself: shown with no notification on a server.
        if record.shownAt != nil, record.notificationID == nil { return "rang" }
        guard let shownAt = record.shownAt else { return "pending" }
        if let lost = record.lostAt { return lostOutcome(record, lost: lost, shownAt: shownAt, clock: clock) }
        if record.body == LateSummary.recordedBody { return "shown in the summary of what was late, no answer" }
        return "\(SummaryRecord.shown(body: record.body) ?? "shown"), no answer"
    }

    /// Lost at `lost` (`lostCause`), and whether shown again since. A server's loss recorded
    /// the second after the showing it ended is the store's ordering, not a time anyone saw (the
    /// clock was set back since the showing: `recordLostWithServer`), and is said without one.
    private static func lostOutcome(_ record: DeliveryRecord, lost: Date, shownAt: Date, clock: WallClock) -> String {
        let at = LocalFormat.time(lost, clock: clock)
        let timeUnknown = lost.timeIntervalSince(shownAt) == 1
        let restarted =
            switch record.lostCause {
            case .server where timeUnknown: "shown, then lost when the notification server restarted"
            case .server: "shown, then lost when the notification server restarted at \(at)"
            case .olderCopy:
                "shown and closed, then an older copy of the store that records it as open was put in place (seen at \(at))"
            }
        // Shown before the second it was lost: one in that second or after is its showing again.
        let again = record.body == LateSummary.recordedBody ? "shown in the summary of what was late" : "shown again"
        return shownAt >= lost
            ? "\(restarted); \(again) at \(LocalFormat.time(shownAt, clock: clock)), no answer"
            : "\(restarted), not shown again"
    }

    /// A medication reminder closed once the schedule in effect had no longer its dose that day.
    static func isEditedAway(_ record: DeliveryRecord, versions: [ScheduledMedication], clock: WallClock) -> Bool {
        guard record.kind == .medication, record.closedReason == .closed, let closed = record.closedAt,
            let dose = ScheduledDose.parse(record.key)?.dose,
            let version = versions.last(where: {
                $0.schedule.medicationID == dose.medicationID && $0.isInEffect(at: closed)
            })
        else { return false }
        return !version.doses(on: dose.date, clock: clock).contains { $0.dose == dose }
    }

    /// What it was: its notification's title; for one never shown (a snooze waiting), an own
    /// reminder's text, as its shown rows have it (no private kind's), else its kind's name.
    static func title(_ record: DeliveryRecord, ownTexts: [Int64: String]) -> String {
        if let title = record.title { return title }
        if record.kind == .ownReminder {
            return OwnReminderSchedule.parse(record.key).flatMap { ownTexts[$0.id] } ?? "a reminder of yours"
        }
        return record.kind.rule.map { "\($0.name) reminder" } ?? "a \(record.kind) reminder"
    }

    /// The person's own reminders' texts by id; none when their rows cannot be read.
    private static func ownReminderTexts(_ store: Store) -> [Int64: String] {
        let reminders = (try? store.ownReminders()) ?? []
        return Dictionary(reminders.map { ($0.id, $0.text) }) { first, _ in first }
    }
}
