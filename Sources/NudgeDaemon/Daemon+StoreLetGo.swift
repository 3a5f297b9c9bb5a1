import Foundation
import NudgeCore
import NudgeStore

/// The store removed or replaced under the daemon: what it shows names deliveries of a file
/// no one reads any more, whose numbers the next file at the path would give again (`nudge
/// ack 1` from the old notification answered another reminder in the new one: hostile round
/// 19 on issue 39).
extension Daemon {
    /// Closes the notifications this daemon shows from the store it has open (the file before
    /// the removal or replacement, still open), records the highest delivery id it gave beside
    /// the store for a restore there (`BackupLocation.deliveriesIssuedThrough`), and returns
    /// that id; nil when the file could not be read. `reason` ends the log line.
    @discardableResult
    func letGoOfTheStore(because reason: String) -> Int64? {
        let since = server.serverSince
        let shown: [DeliveryRecord]
        let issued: Int64
        do {
            shown = try store.onScreen(shownAfter: since) + store.lateSummariesOnScreen(shownAfter: since).joined()
            issued = try store.deliveriesIssued()
        } catch {
            logger.error("cannot read what the store before showed: \(error); its notifications stay on screen")
            return nil
        }
        // Only the server now on the bus's: an older id may be another program's by now.
        let closing = Set(shown.filter(server.showed).compactMap(\.notificationID)).filter { server.close($0) }
        server.notifier.flush(timeout: .seconds(2))
        recordDeliveriesBesideTheStore(through: issued)
        if !closing.isEmpty {
            logger.notice(
                "closed \(closing.count) notification\(closing.count == 1 ? "" : "s") of the store \(reason)",
                metadata: ["event": "closed_for_store"])
        }
        return issued
    }

    /// Records beside the store that its deliveries up to `id` are on screen, as each is shown:
    /// a daemon killed with SIGKILL records nothing as it goes, and a restore into the path
    /// after its store was removed gave ids its notifications still on screen carried.
    func recordDeliveriesBesideTheStore(through id: Int64) {
        if let problem = BackupLocation.recordDeliveries(through: id, store: configuration.storePath) {
            logger.warning("cannot record the deliveries the store gave beside it: \(problem)")
        }
    }

    /// At the start: the store numbers its deliveries past those recorded beside it, which a
    /// daemon killed before it could let go of the store showed from a file at this path no
    /// longer there (another program's older copy put in place, or a store removed and made
    /// again).
    func numberPastDeliveriesRecordedBesideTheStore() throws(StoreError) {
        guard let recorded = BackupLocation.deliveriesIssued(store: configuration.storePath),
            try store.deliveriesIssued() < recorded
        else { return }
        try store.recordDeliveriesIssued(through: recorded)
        logger.notice(
            "deliveries numbered past \(recorded): the store does not record the ones a daemon before gave",
            metadata: ["event": "numbered_past_recorded"])
    }

    /// An older copy of the store was put in place since the last plan (another program's
    /// restore: nudge's own says so in the store as well): what this
    /// daemon shows of deliveries the store no longer records is closed before the plan shows
    /// them again, and the store numbers its deliveries past the ones it gave.
    func followRolledBackDeliveries() throws(StoreError) {
        let (notifications, renumbered) = try server.shownDeliveries.rolledBack(in: store)
        if renumbered { try store.recordDeliveriesIssued(through: server.shownDeliveries.highest) }
        let kept = try keepOnScreen(notifications)
        let closed = close(notifications.filter { !kept.contains($0.deliveryID) })
        guard renumbered || !closed.isEmpty || !kept.isEmpty else { return }
        logger.notice(
            "an older copy of the store was put in place (a restore, or another program): \(closed.count) notification\(closed.count == 1 ? "" : "s") of reminders it does not record as shown closed, \(kept.count) showing\(kept.count == 1 ? "" : "s") still on screen recorded again\(renumbered ? ", and its deliveries numbered past \(server.shownDeliveries.highest)" : "")",
            metadata: ["event": "rolled_back_by_another_program"])
    }

    /// Of `notifications`, those still on screen (shown by the server now on the bus, neither
    /// closed nor asked to close) whose occurrence the store has no row for are recorded again
    /// as shown, and stay: the person saw them, and an alarm rings on for the time it had left.
    /// Returns their delivery ids.
    private func keepOnScreen(_ notifications: [ShownDeliveries.Shown]) throws(StoreError) -> Set<Int64> {
        let open = notifications.filter {
            server.showed($0.notificationID, at: $0.shownAt) && !server.askedToClose($0.notificationID)
                && !server.closedNotifications.closed($0.notificationID, shownAt: $0.shownAt)
        }
        let kept = try store.recordStillOnScreen(open.map(\.showing))
        for showing in open where kept.contains(showing.deliveryID) { server.shownDeliveries.remember(showing.showing) }
        return kept
    }

    /// Another file is at the store's path: the daemon lets go of the one it has open and
    /// starts again on the new one, numbered past it, saying what it is.
    func takeOnReplacedStore() throws(DaemonError) {
        let path = configuration.storePath
        let formerIdentity = (try? store.identity()) ?? nil
        let issued = letGoOfTheStore(because: "before it")
        // Before anything opens the new file: the -wal at the path is the old file's.
        do { try store.emptyWriteAheadLog() } catch { logger.error("\(error)") }
        let what = issued.flatMap {
            StoreReplacement.takeOn(
                path: path, formerIdentity: formerIdentity, deliveriesIssued: $0, now: configuration.clock.now())
        }
        let by =
            StoreOverwrite.isPutInPlaceByRestore(path)
            ? "by nudge restore (a backup put in place of a damaged store)"
            : "by another file (a restore of a damaged store, a sync tool or another program)"
        logger.warning(
            "the store \(path) was replaced \(by)\(what.map { "; \($0)" } ?? ""); starting again on it",
            metadata: ["event": "store_replaced"])
        handOverShowingsAwaitingStore()
        throw .storeReplaced(path)
    }

    /// The store's file overwritten in place by another program (`StoreOverwrite`): what this
    /// daemon shows that the file no longer records is closed, read through a connection of
    /// its own, and the daemon starts again on the file, whose deliveries it then numbers past
    /// those recorded beside the store as they were shown. `sign` is what the daemon saw, and
    /// `likely` what it suggests, unless the file says nudge's restore put it there.
    func takeOnOverwrittenStore(_ sign: String, likely: String = "") throws(DaemonError) {
        let path = configuration.storePath
        store.abandonAfterOverwrite()
        RemovedLog.removeStaleIndex(of: path)
        StoreOverwrite.waitUntilSettled(path) { descriptors.signals.stopPending() }
        // Before anything reads the file: the log at the path is the file before's.
        if let kept = StoreOverwrite.setAsideFormerLog(of: path, now: configuration.clock.now()) {
            logger.warning(
                "the store's write-ahead log (\(WriteAheadLogCommits.sizeAndCount(kept.size, at: kept.path)) of the file before) is kept as \(kept.path): SQLite would have read it into the file now there"
            )
        }
        if let afresh = try? Store(readingOnly: path),
            let (notifications, _) = try? server.shownDeliveries.rolledBack(in: afresh)
        {
            let closed = close(notifications, recording: false)
            if !closed.isEmpty {
                logger.notice(
                    "closed \(closed.count) notification\(closed.count == 1 ? "" : "s") of reminders the file no longer records as shown",
                    metadata: ["event": "closed_for_store"])
            }
        }
        // Set aside by that connection (a log written since the copy, beside a file that keeps
        // a rollback journal): said here, the daemon started again is another process image.
        for kept in ForeignLog.take() { logger.warning("\(ForeignLog.said(kept))") }
        server.notifier.flush(timeout: .seconds(2))
        if server.shownDeliveries.highest > 0 {
            recordDeliveriesBesideTheStore(through: server.shownDeliveries.highest)
        }
        // The daemon started again on this very file does not take it for overwritten again.
        setenv(Self.overwriteSeenVariable, StoreOverwrite.stamp(path) ?? "", 1)
        let by =
            StoreOverwrite.isPutInPlaceByRestore(path)
            ? "put in place by nudge restore (\(sign))" : "overwritten in place by another program (\(sign)\(likely))"
        logger.warning("the store \(path) was \(by); starting again on it", metadata: ["event": "store_overwritten"])
        handOverShowingsAwaitingStore()
        throw .storeReplaced(path)
    }

    /// The daemon's connection read the store as damaged: whether the file was overwritten
    /// under it instead, sound to a connection opened afresh (once per change of the file: a
    /// store the daemon started again on and still reads as damaged is damaged).
    func isOverwrittenUnderTheConnection() -> Bool {
        let path = configuration.storePath
        guard let stamp = StoreOverwrite.stamp(path), Store.lost(at: path) == nil,
            ProcessInfo.processInfo.environment[Self.overwriteSeenVariable] != stamp
        else { return false }
        return StoreOverwrite.isSoundAfresh(path)
    }

    static let overwriteSeenVariable = "NUDGE_STORE_OVERWRITE_SEEN"

    /// Closes those of `notifications` the server now on the bus showed; returns them.
    /// `recording` false: the daemon's connection was let go of, and writes nothing more.
    private func close(_ notifications: [ShownDeliveries.Shown], recording: Bool = true) -> [ShownDeliveries.Shown] {
        notifications.filter { closeRolledBack($0.notificationID, shownAt: $0.shownAt, recording: recording) }
    }

    /// Closes notification `id`, shown at `shownAt`, whose delivery an older copy of the store
    /// does not record, if the server now on the bus showed it; true when asked to close now.
    /// Remembered as closed: a copy put in place later that records it as on screen is owed
    /// again (`followReopenedDeliveries`).
    /// Recorded in the store too (`Store.recordClosedRolledBack`): a daemon started after a
    /// restore of the copy kept before does not remember it.
    func closeRolledBack(_ id: UInt32, shownAt: Date, recording: Bool = true) -> Bool {
        guard server.showed(id, at: shownAt) else { return false }
        let now = configuration.clock.now()
        server.closedNotifications.remember(id, shownAt: shownAt, closedAt: now, reason: .closed)
        if recording {
            recordClosedRolledBack(id, shownAt: shownAt, at: now)
        }
        return server.close(id)
    }

    private func recordClosedRolledBack(_ id: UInt32, shownAt: Date, at now: Date) {
        do {
            try store.recordClosedRolledBack(
                ClosedBeforeRestore(
                    notificationID: id,
                    shownAt: Date(timeIntervalSince1970: shownAt.timeIntervalSince1970.rounded(.down)),
                    closedAt: now, reason: CloseReason.closed.rawValue))
        } catch {
            logger.warning("cannot record in the store that notification \(id) closed: \(error)")
        }
    }
}
