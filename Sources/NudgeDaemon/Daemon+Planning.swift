import CNudgeLinux
import Foundation
import NudgeCore
import NudgeStore
import NudgeSystem

/// Planning: every wake ends with a plan recomputed from the store, what it finds due shown,
/// what it finds too late recorded as missed, and the timer armed for the next due instant.
extension Daemon {
    /// Reconciles when another process committed since the last plan; false when no change is
    /// visible (yet).
    @discardableResult
    func reconcileIfStoreChanged() -> Bool {
        do {
            guard try store.dataVersion() != lastDataVersion else { return false }
            reconcile(because: "store changed")
            return true
        } catch {
            logger.error("\(error)")
            return true
        }
    }

    /// Returns the input the last plan was made from, for what the caller does next with it.
    @discardableResult
    func reconcile(because reason: String) -> ScheduleInput? {
        do {
            let started = ContinuousClock.now
            // Read before the plan: a write by another process after this point moves it again.
            lastDataVersion = try store.dataVersion()
            personClock = configuration.personClock()
            heldPlan = nil
            shownSincePlan = false
            let (plan, input) = try planAndDeliver()
            logUnreadableRows()
            // Held only when everything it found due was shown (or waits for a server): then at
            // its next due instant a fresh plan would show exactly its `next`.
            if plan.due.allSatisfy({ isHeldBack($0.key) }) {
                heldPlan = HeldPlan(plan: plan, input: input, zone: timeZone)
            }
            try closeFinishedLiveNotifications(input: input)
            try stopRingingIfSettled(input: input)
            keepAwake(input: input)
            playAmbience(input: input)
            armWakeAlarm(input: input)
            try closeAnsweredNotifications()
            let backupDue = keepBackups(settings: input.settings, starting: reason == "start" || reason == "resumed")
            let ambienceChange = input.nextAmbienceChange(after: configuration.clock.now(), clock: wallClock)
            let wake = [plan.nextDue, backupDue, ambienceChange].compactMap { $0 }.min()
            try timer.arm(at: wake.map(configuration.clock.realInstant(for:)))
            logRescheduled(plan, because: reason, took: ContinuousClock.now - started)
            announceNext(plan)
            releaseMemory()
            return input
        } catch {
            logger.error("\(error)")
            return nil
        }
    }

    /// At the due instant, shows what the held plan has due when no other process wrote to the
    /// store since it was made: what a fresh plan would show, without reading every contact
    /// first. The plan that follows is made from the store as always.
    func deliverFromHeldPlan() {
        guard let held = heldPlan, held.zone == timeZone else { return }
        heldPlan = nil
        do {
            guard try store.dataVersion() == lastDataVersion, !sleptSince(held.input) else { return }
            let now = configuration.clock.now()
            guard let plan = Schedule(input: held.input, clock: wallClock).plan(now: now, continuing: held.plan) else {
                return
            }
            try deliver(plan.due.filter { !isHeldBack($0.key) }, input: held.input, wallClock: wallClock)
        } catch {
            logger.error("\(error)")
        }
    }

    /// Showing can make new occurrences (a call cadence restarts), so it plans again until a
    /// plan has nothing left to show; a few rounds at most. Returns the last plan and its input.
    private func planAndDeliver() throws -> (Plan, ScheduleInput) {
        var round = 0
        while true {
            round += 1
            let now = configuration.clock.now()
            let input = try scheduleInput(at: now, clock: wallClock)
            reportIgnored(input.settings)
            reportChanged(input.settings)
            let plan = Schedule(input: input, clock: wallClock).plan(now: now)
            try recordMissed(plan.missed, at: now)
            try store.cancel(keys: plan.withdrawn, at: now)
            let due = plan.due.filter { !isHeldBack($0.key) }
            try deliver(due, input: input, wallClock: wallClock)
            if due.isEmpty || round == 4 { return (plan, input) }
        }
    }

    /// Due but not to be shown by this plan: waiting for a server, or on its way to one.
    func isHeldBack(_ key: String) -> Bool {
        awaitingServer.contains(key) || showing.contains(key)
    }

    /// The store's input with the machine's sleep clock read beside it.
    func scheduleInput(at now: Date, clock wallClock: WallClock) throws -> ScheduleInput {
        var input = try store.scheduleInput(at: now, clock: wallClock)
        input.sleep = configuration.clock.sleepReading()
        return input
    }

    /// Whether the machine slept since this input was read: then what was due may no longer be.
    private func sleptSince(_ input: ScheduleInput) -> Bool {
        guard let then = input.sleep else { return false }
        return configuration.clock.sleepReading().slept(since: then).map { $0 >= SleepReading.noise } ?? true
    }

    /// Between wakes the daemon needs only its held plan: the rest of what a plan of a large
    /// store allocated (its rows, SQLite's page cache) goes back to the system instead of
    /// staying resident at its high-water mark.
    private func releaseMemory() {
        do { try store.releaseMemory() } catch { logger.error("\(error)") }
        nudge_release_free_heap()
    }

    /// Rows another program wrote in a form nudge cannot read are left out of the plan: each
    /// is logged once, by table and id, never with a value.
    private func logUnreadableRows() {
        let new = store.takeUnreadableRows().subtracting(loggedUnreadable)
        for row in new.sorted() {
            logger.warning(
                "a row of \(row.table) cannot be read (id \(row.id)); it is left out until the program that wrote it corrects it",
                metadata: ["event": "unreadable_row", "table": "\(row.table)", "id": "\(row.id)"])
        }
        loggedUnreadable.formUnion(new)
    }

    private func logRescheduled(_ plan: Plan, because reason: String, took elapsed: Duration) {
        let now = configuration.clock.now()
        let next =
            plan.nextDue.map {
                "next due at \(Timestamp.format($0)) (\(DurationText.relative($0.timeIntervalSince(now))))"
            } ?? "nothing due"
        // Plain arithmetic: Duration.formatted would load ICU's number formatting (4 MB resident).
        let tenths = (elapsed.components.seconds * 10_000 + elapsed.components.attoseconds / 100_000_000_000_000)
        logger.debug(
            "rescheduled (\(reason)): \(next) [\(tenths / 10).\(tenths % 10) ms]",
            metadata: [
                "event": "rescheduled", "reason": "\(reason)",
                "next_due": "\(plan.nextDue.map { Timestamp.format($0) } ?? "none")",
            ])
    }

    /// "next: Daily symptom check at 20:00, in 4h 10m", once for each thing awaited: a plan
    /// that awaits the same thing at the same time says nothing.
    private func announceNext(_ plan: Plan) {
        let now = configuration.clock.now()
        let next = plan.nextInWords(now: now, clock: wallClock) ?? "nothing is due"
        guard next != announcedNext else { return }
        announcedNext = next
        let left = plan.nextDue.map { ", \(DurationText.relative($0.timeIntervalSince(now)))" } ?? ""
        logger.info(
            "next: \(next)\(left)",
            metadata: ["event": "next", "next_due": "\(plan.nextDue.map { Timestamp.format($0) } ?? "none")"])
    }

    /// Each setting another program (or `nudge settings`) changed since the last plan.
    private func reportChanged(_ settings: Settings) {
        defer { plannedSettings = settings }
        guard let before = plannedSettings, before != settings else { return }
        for key in SettingKey.allCases where before[key] != settings[key] {
            logger.info(
                "the setting \(key.rawValue) is now \(settings[key]) (was \(before[key]))",
                metadata: ["event": "setting_changed", "key": "\(key.rawValue)"])
        }
    }

    private func reportIgnored(_ settings: Settings) {
        guard settings.ignoredRows != reportedIgnoredRows else { return }
        reportedIgnoredRows = settings.ignoredRows
        // The key and the problem only: a value may be private text.
        for row in settings.ignored {
            logger.warning("\(row.sentence)", metadata: ["event": "setting_ignored", "key": "\(row.name)"])
        }
    }

    /// Too late to tell: recorded as missed, so they are neither shown nor forgotten.
    private func recordMissed(_ missed: [Occurrence], at now: Date) throws {
        try store.recordMissed(missed, at: now)
        for occurrence in missed {
            logger.notice(
                "missed \(occurrence.key), due \(Timestamp.format(occurrence.dueAt)), too late to show",
                metadata: ["event": "missed", "key": "\(occurrence.key)"])
        }
    }
}
