import Foundation
import NudgeCore
import NudgeStore

/// The store cannot be read (damaged, emptied under the daemon): what the last plan that read
/// it had due is shown and rung at its instant from memory (``PlanInMemory``), its claims held
/// in ``RecordsAwaitingStore``, and the daemon wakes for the plan's next due instant and for
/// nothing else. A sound store back at the path (a restore) gets those claims: written in
/// place by the next plan, or before the daemon starts again on a file put in its place.
extension Daemon {
    /// Shows what the plan in memory has due now, and arms the timer for its next due instant.
    func deliverFromMemory(because problem: String) {
        let firstTime = !planner.inMemory.inUse
        planner.inMemory.inUse = true
        guard let memory = planner.inMemory.usable(zone: planner.timeZone) else {
            if firstTime {
                logger.warning(
                    "the store cannot be read (\(problem)), and its last plan may be out of date (an answer came, or the time zone changed since): nothing more is shown until a sound store is back",
                    metadata: ["event": "plan_in_memory_stale"])
            }
            return
        }
        if firstTime {
            logger.warning(
                "the store cannot be read (\(problem)): what its last plan has due is shown and rung from memory, and recorded once a sound store is back",
                metadata: ["event": "planning_from_memory"])
        }
        let now = configuration.clock.now()
        let plan = Schedule(input: memory.input, clock: wallClock).plan(now: now)
        let due = plan.due.filter { !isHeldBack($0.key) && !planner.inMemory.claimedSince.contains($0.key) }
        do { try deliver(due, input: memory.input, wallClock: wallClock) } catch { logger.error("\(error)") }
        do {
            try descriptors.timer.arm(at: plan.nextDue.map(configuration.clock.realInstant(for:)))
        } catch {
            logger.error("\(error)")
        }
    }

    /// Writes what was shown while the store could not be read into the file now at its path,
    /// before the daemon starts again on it: the memory it waits in does not outlive the start,
    /// and the new daemon would show it again. Numbered past what was recorded beside the store.
    func handOverShowingsAwaitingStore() {
        let shown = awaitingStore.showings.filter { $0.shown != nil && $0.occurrence != nil }
        guard !shown.isEmpty else { return }
        let path = configuration.storePath
        do {
            let afresh = try Store(path: path, now: configuration.clock.now())
            if let recorded = BackupLocation.deliveriesIssued(store: path), try afresh.deliveriesIssued() < recorded {
                try afresh.recordDeliveriesIssued(through: recorded)
            }
            for showing in shown {
                guard let occurrence = showing.occurrence, let at = showing.shown,
                    let claimed = try afresh.claim(occurrence)
                else { continue }
                recordDeliveriesBesideTheStore(through: claimed.id)
                try afresh.markShown(
                    claimed.id, notificationID: at.notificationID, content: at.content, at: at.at, clock: wallClock)
                awaitingStore.written(showing.delivery)
            }
            logger.notice(
                "\(shown.count) showing\(shown.count == 1 ? "" : "s") made while the store could not be read recorded in the file now at its path",
                metadata: ["event": "held_records_handed_over"])
        } catch {
            logger.error("cannot record in the file now at the store's path what was shown meanwhile: \(error)")
        }
    }
}

extension Daemon {
    /// The store cannot be read: SQLite finds it damaged, or its header is not SQLite's.
    static func isDamage(_ error: any Error) -> Bool {
        guard let error = error as? StoreError else { return false }
        switch error {
        case .damaged, .notADatabase: return true
        default: return false
        }
    }

    /// What a replacing kind shows last; nil when the store cannot be read (what the plan in
    /// memory shows then is shown by itself, replacing nothing).
    func latestShownUnlessUnreadable(_ kind: ReminderKind) throws(StoreError) -> DeliveryRecord? {
        do {
            return try store.latestShown(kind)
        } catch {
            if Self.isDamage(error) { return nil }
            throw error
        }
    }
}

extension Daemon {
    /// Why the store cannot be read, in a person's words; nil for another error. An emptied
    /// store beside its backup location says so, not "not a SQLite database".
    func unreadableProblem(_ error: any Error) -> String? {
        guard let error = error as? StoreError else { return nil }
        switch error {
        case .damaged(_, let problem):
            return problem
        case .notADatabase(let path):
            if let lost = Store.lost(at: path), case .damaged(_, let problem) = lost { return problem }
            return "its header is not SQLite's"
        default:
            return nil
        }
    }
}
