import Foundation
import Logging
import NudgeCore
import NudgeStore
import NudgeSystem

/// What the planner keeps from one plan to the next: the zone and clock format it plans by,
/// the store's version it planned from, the plan it holds for its next due instant, and what it
/// has said already (each said once, not at every plan).
struct PlannerMemory {
    var timeZone: ZoneRules
    private(set) var personClock: PersonClock
    /// The local clock every notification and log line says times by.
    var wallClock: WallClock { personClock.wallClock(zone: timeZone) }
    private(set) var lastDataVersion = -1
    /// The last plan, kept until its next due instant.
    var heldPlan: HeldPlan?
    /// The last plan made from the store read whole, for when it cannot be read.
    var inMemory = PlanInMemory()
    /// The unreadable rows logged already: each is logged once, not at every plan.
    private var loggedUnreadable: Set<UnreadableRow> = []
    private var reportedIgnoredRows: [String: String] = [:]
    /// The settings of the last plan: a change is logged once, key by key.
    private var plannedSettings: Settings?
    /// What the last "next:" line said: said again only when it changes.
    private var announcedNext: String?
    /// Since when the store refuses writes, and whether that was said on screen (once a span).
    private var refusedSince: Date?
    private var refusalSaid = false
    /// How soon a plan the store refused is tried again.
    static let retryAfter: TimeInterval = 5
    /// Another program's lock is said once it lasted as long as a command waits for one: a
    /// lock held for a moment (a command writing) is no news, and what is due is shown anyway.
    static let lockSaidAfter: TimeInterval = 60
    private let logger: Logger

    /// When the daemon was made: what came due before, on a machine up since, came due while
    /// nudge was stopped (``LateCause``).
    let daemonStartedAt: Date

    init(timeZone: ZoneRules, personClock: PersonClock, startedAt: Date, logger: Logger) {
        self.daemonStartedAt = startedAt
        self.timeZone = timeZone
        self.personClock = personClock
        self.logger = logger
    }

    /// A plan starts: from this version of the store, in this clock format; no plan is held.
    mutating func startPlan(dataVersion: Int, personClock: PersonClock) {
        lastDataVersion = dataVersion
        self.personClock = personClock
        heldPlan = nil
    }

    /// A write the store refused at `now`; whether to say so on screen now.
    mutating func storeRefused(at now: Date, byLock: Bool) -> Bool {
        let since = refusedSince ?? now
        refusedSince = since
        guard !refusalSaid, !byLock || now.timeIntervalSince(since) >= Self.lockSaidAfter else { return false }
        refusalSaid = true
        return true
    }

    /// A plan went through, and nothing waits for the store; whether writes were refused before.
    mutating func planWentThrough() -> Bool {
        defer { (refusedSince, refusalSaid) = (nil, false) }
        return refusedSince != nil
    }

    /// Keeps `plan` for its next due instant, with what it was made from.
    mutating func hold(_ plan: Plan, input: ScheduleInput) {
        heldPlan = HeldPlan(plan: plan, input: input, zone: timeZone)
    }

    /// Rows another program wrote in a form nudge cannot read are left out of the plan: each
    /// is logged once, by table and id (its rowid where the id cannot be shown), never with a value.
    mutating func logUnreadable(_ rows: Set<UnreadableRow>) {
        let new = rows.subtracting(loggedUnreadable)
        for row in new.sorted() {
            let named = row.id.map { "id \($0)" } ?? "rowid \(row.rowid)"
            logger.warning(
                "a row of \(row.table) cannot be read (\(named)); it is left out until the program that wrote it corrects it",
                metadata: [
                    "event": "unreadable_row", "table": "\(row.table)", "rowid": "\(row.rowid)",
                    "id": "\(row.id ?? "(not shown)")",
                ])
        }
        loggedUnreadable.formUnion(new)
    }

    /// "next: Daily symptom check at 20:00, in 4h 10m", once for each thing awaited: a plan
    /// that awaits the same thing at the same time says nothing.
    mutating func announceNext(_ plan: Plan, now: Date) {
        let next = plan.nextInWords(now: now, clock: wallClock) ?? "nothing is due"
        guard next != announcedNext else { return }
        announcedNext = next
        let left = plan.nextDue.map { ", \(DurationText.relative($0.timeIntervalSince(now)))" } ?? ""
        logger.info(
            "next: \(next)\(left)",
            metadata: ["event": "next", "next_due": "\(plan.nextDue.map { Timestamp.format($0) } ?? "none")"])
    }

    /// Each setting another program (or `nudge settings`) changed since the last plan.
    mutating func reportChanged(_ settings: Settings) {
        defer { plannedSettings = settings }
        guard let before = plannedSettings, before != settings else { return }
        for key in SettingKey.allCases where before[key] != settings[key] {
            logger.info(
                "the setting \(key.rawValue) is now \(Self.said(settings[key])) (was \(Self.said(before[key])))",
                metadata: ["event": "setting_changed", "key": "\(key.rawValue)"])
        }
    }

    /// A value as the log says it: an empty one is "empty", not nothing.
    private static func said(_ value: String) -> String { value.isEmpty ? "empty" : value }

    mutating func reportIgnored(_ settings: Settings) {
        guard settings.ignoredRows != reportedIgnoredRows else { return }
        reportedIgnoredRows = settings.ignoredRows
        // The key and the problem only: a value may be private text.
        for row in settings.ignored {
            logger.warning("\(row.sentence)", metadata: ["event": "setting_ignored", "key": "\(row.name)"])
        }
    }
}
