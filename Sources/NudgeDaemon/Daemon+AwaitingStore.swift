import Foundation
import NudgeCore
import NudgeNotifier
import NudgeStore

/// Showing and answering while the store refuses writes (``RecordsAwaitingStore``): what is due
/// is claimed in memory and shown, what is clicked is kept, and both are written, showings
/// first, as soon as the store takes writes: at the next plan (a store change, the refused
/// plan's retry) or the held records' own retry.
extension Daemon {
    /// How long a write on the loop waits for another program's lock before it is held.
    static let loopLockWait: TimeInterval = 0.3

    /// Claims an occurrence in the store, or in memory when the store refuses: nil when it must
    /// not be shown (shown already, answered, cancelled, missed).
    func claimOrHold(_ occurrence: Occurrence) throws -> DeliveryRecord? {
        guard !awaitingStore.isShown(occurrence.key) else { return nil }
        let refusal: StoreError
        do {
            let claimed = try store.claim(occurrence)
            planner.inMemory.claimed(occurrence.key)
            return claimed
        } catch {
            refusal = error
        }
        guard Self.isRefusal(refusal) || Self.isDamage(refusal) else { throw refusal }
        if !Self.isDamage(refusal) { storeRefused(refusal) }
        let key = occurrence.key
        logger.warning(
            "the store refused to claim \(key); shown all the same, recorded once it takes writes",
            metadata: ["event": "claim_held", "key": "\(key)"])
        return awaitingStore.claim(occurrence)
    }

    /// A refusal the store may get over (a full disk, a lock, a read-only file), as opposed to
    /// damage, which the daemon handles as such.
    static func isRefusal(_ error: any Error) -> Bool {
        guard let error = error as? StoreError else { return false }
        switch error {
        case .busy, .failed, .notWritable: return true
        default: return false
        }
    }

    /// The error in the daemon's words: its loop waits only `loopLockWait` for a lock, not the
    /// minute the store's own words (for the commands) say.
    static func said(_ error: any Error) -> String {
        guard let error = error as? StoreError, case .busy = error else { return "\(error)" }
        return
            "another program holds the store's lock past the daemon's \(loopLockWait) s wait; held in memory and recorded once it lets go"
    }

    /// Writes what waits, showings first (an answer names a notification the store must know);
    /// stops at the first refusal, and what is left waits for the next try.
    func writeRecordsAwaitingStore() {
        guard !awaitingStore.isEmpty, !awaitingStore.writing else { return }
        awaitingStore.writing = true
        defer {
            awaitingStore.writing = false
            awaitingStore.armed()
            tellLedger()
        }
        for showing in awaitingStore.showings {
            do {
                try writeShowing(showing)
            } catch {
                logger.debug("the store still refuses: \(Self.said(error))")
                // A lock is said once it has lasted a minute: this retry is what counts it.
                if Self.isRefusal(error) { storeRefused(error) }
                return
            }
        }
        let answers = awaitingStore.takeAnswers()
        for (index, answer) in answers.enumerated() {
            // Refused again, it is held again by `handle`; those after it keep their order.
            guard handle(answer.event, at: answer.at, line: answer.line) else {
                for later in answers[(index + 1)...] { awaitingStore.hold(later) }
                return
            }
            if let line = answer.line { server.recorded(line) }
        }
        if awaitingStore.isEmpty {
            logger.info(
                "what was shown and answered while the store refused writes is recorded now",
                metadata: ["event": "held_records_written"])
        }
    }

    /// One showing into the store, once it was shown (one still on its way waits on).
    private func writeShowing(_ showing: RecordsAwaitingStore.Showing) throws {
        guard let shown = showing.shown else {
            // Never shown: the plan offers it again, and claims it afresh.
            if !server.isHeldBack(showing.delivery.key) { awaitingStore.written(showing.delivery) }
            return
        }
        var delivery = showing.delivery
        if let occurrence = showing.occurrence {
            guard let claimed = try store.claim(occurrence) else {
                // Shown, answered or given up by another program meanwhile: that record stands.
                awaitingStore.written(showing.delivery)
                return
            }
            delivery = claimed
        }
        recordDeliveriesBesideTheStore(through: delivery.id)
        try store.markShown(
            delivery.id, notificationID: shown.notificationID, content: shown.content, at: shown.at, clock: wallClock)
        server.shownDeliveries.remember(
            delivery, notificationID: shown.notificationID, content: shown.content, at: shown.at)
        ringer.recorded(showing.delivery.id, as: delivery.id)
        if let line = showing.line { server.recorded(line) }
        awaitingStore.written(showing.delivery)
    }

    /// The retry of what waits, armed only while something does.
    func addAwaitingStoreRetry(to loop: EventLoop) {
        loop.add("records awaiting the store", descriptor: awaitingStore.timer.descriptor) { [unowned self] in
            guard awaitingStore.timer.consume() else { return .continue }
            writeRecordsAwaitingStore()
            if awaitingStore.isEmpty { reconcile(because: "store takes writes") }
            return .continue
        }
    }

    /// A click or reply on a notification whose showing waits for the store waits with it.
    func awaitsShowing(_ event: NotifierEvent) -> Bool {
        switch event {
        case .actionInvoked(let id, _), .replied(let id, _):
            guard awaitingStore.showing(notificationID: id) != nil else { return false }
            if ringer.ringing?.notificationID == id { ringer.stop(because: "answered") }
            return true
        default:
            return false
        }
    }
}
