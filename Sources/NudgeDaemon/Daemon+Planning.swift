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
            guard try store.dataVersion() != planner.lastDataVersion else { return false }
            reconcile(because: "store changed")
            return true
        } catch {
            logger.error("\(error)")
            return true
        }
    }

    /// Plans, then brings each part in line with the plan, in this order. Returns the input the
    /// plan was made from, for what the caller does next with it.
    @discardableResult
    func reconcile(because reason: String) -> ScheduleInput? {
        do {
            let started = ContinuousClock.now
            // Read before the plan: a write by another process after this point moves it again.
            let dataVersion = try store.dataVersion()
            if dataVersion != planner.lastDataVersion {
                try followRolledBackDeliveries()
                try followReopenedDeliveries()
            }
            // What was shown while the store refused writes goes in before the plan reads it.
            writeRecordsAwaitingStore()
            planner.startPlan(dataVersion: dataVersion, personClock: configuration.personClock())
            _ = server.takeShownSincePlan()
            let (plan, input) = try planAndDeliver()
            planner.inMemory.keep(plan, input: input, zone: planner.timeZone)
            planner.logUnreadable(store.takeUnreadableRows())
            // Held only when everything it found due was shown (or waits for a server): then at
            // its next due instant a fresh plan would show exactly its `next`.
            if plan.due.allSatisfy({ isHeldBack($0.key) }) { planner.hold(plan, input: input) }
            try closeFinishedLiveNotifications(input: input)
            try closeSettledNotifications(input: input)
            try ringer.stopIfSettled(input: input, clock: wallClock)
            sleepGuard.keepAwake(input: input, clock: wallClock)
            let now = configuration.clock.now()
            followAmbience(input, now: now)
            sleepGuard.armWakeAlarm(input: input, clock: wallClock)
            ringer.prepareToRing(at: sleepGuard.wakeArmedFor.map { configuration.clock.realInstant(for: $0.dueAt) })
            let escalationWake = followEscalation(input, now: now)
            try closeAnsweredNotifications()
            try closeRolledBackNotifications()
            let backupDue = upkeep.backups.keep(
                settings: input.settings, starting: reason == "start" || reason == "resumed",
                now: configuration.clock.now(), dataVersion: dataVersion, wallClock: wallClock)
            let ambienceChange = input.nextAmbienceChange(after: configuration.clock.now(), clock: wallClock)
            let quietChange = input.nextQuietChange(after: configuration.clock.now(), clock: wallClock)
            let wake = [plan.nextDue, backupDue, ambienceChange, escalationWake, quietChange].compactMap { $0 }.min()
            try descriptors.timer.arm(at: wake.map(configuration.clock.realInstant(for:)))
            planWentThrough()
            logRescheduled(plan, because: reason, took: ContinuousClock.now - started)
            planner.announceNext(plan, now: configuration.clock.now())
            releaseMemory()
            return input
        } catch {
            if let problem = unreadableProblem(error) {
                // Not damaged: overwritten under this connection, which the loop lets go of.
                if isOverwrittenUnderTheConnection() {
                    events.push(.storeOverwritten)
                    return nil
                }
                logger.error("\(error)")
                show(upkeep.backups.storeDamaged(problem, now: configuration.clock.now(), wallClock: wallClock))
                deliverFromMemory(because: problem)
            } else {
                logger.error("\(error)")
                planRefused(error)
            }
            return nil
        }
    }

    /// The ambient sound the plan wants now. Between logind's word of a sleep and the resume
    /// nothing starts: a plan made then (a write by another process) would otherwise start the
    /// sound again as the computer goes to sleep.
    private func followAmbience(_ input: ScheduleInput, now: Date) {
        let ambient = sleepGuard.sleepAnnounced ? nil : input.ambience(now: now, clock: wallClock)
        ambience.follow(ambient, now: now, clock: wallClock)
    }

    /// The escalation the plan wants now (a failure to start it is shown); returns when the
    /// daemon must wake for it.
    private func followEscalation(_ input: ScheduleInput, now: Date) -> Date? {
        let escalation = escalator.follow(
            input.pendingEscalation(now: now, clock: wallClock),
            command: input.settings.arguments(.alarmEscalateCommand), now: now)
        show(escalation.failure)
        return escalation.wakeAt
    }

    /// At the due instant, shows what the held plan has due when no other process wrote to the
    /// store since it was made: what a fresh plan would show, without reading every contact
    /// first. The plan that follows is made from the store as always.
    func deliverFromHeldPlan() {
        guard let held = planner.heldPlan, held.zone == planner.timeZone else { return }
        planner.heldPlan = nil
        do {
            guard try store.dataVersion() == planner.lastDataVersion, !sleptSince(held.input) else { return }
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
            planner.reportIgnored(input.settings)
            planner.reportChanged(input.settings)
            // Before showing: a span's end puts the desktop back before its own end is shown.
            followQuiet(input, now: now)
            let plan = Schedule(input: input, clock: wallClock).plan(now: now)
            try recordMissed(plan.missed, at: now)
            try store.cancel(keys: plan.withdrawn, at: now)
            let due = plan.due.filter { !isHeldBack($0.key) }
            try deliver(due, input: input, wallClock: wallClock)
            // Read again after a miss too: what it settled closes now, not at the next plan
            // (hostile round of issue 42 after G13: a missed dose's last repeat stayed open).
            if (due.isEmpty && plan.missed.isEmpty) || round == 4 { return (plan, input) }
        }
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

    /// Too late to tell: recorded as missed, so they are neither shown nor forgotten. Each is
    /// logged by the plan that recorded it, once.
    func recordMissed(_ missed: [Occurrence], at now: Date) throws {
        for occurrence in try store.recordMissed(missed, at: now) {
            logger.notice(
                "missed \(occurrence.key), due \(Timestamp.format(occurrence.dueAt)), too late to show",
                metadata: ["event": "missed", "key": "\(occurrence.key)"])
        }
    }
}
