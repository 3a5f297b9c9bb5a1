import Foundation
import Logging
import NudgeCore
import NudgeNotifier
import NudgeSystem

/// What the daemon did while the store refused to record it (a full disk, a read-only store,
/// another program's lock past the loop's short wait), kept in memory until the store takes
/// writes again: the showings it made, and the answers given meanwhile.
///
/// A reminder due is shown and rung whatever the store says: a silent alarm is the worse harm
/// (hostile round 28 on issue 39: a full disk missed the dose-2 alarm). Its claim is held here
/// instead, so that the daemon does not show it twice. A timer tries the store again every
/// `retryAfter` while anything waits, and only then: a daemon at rest never wakes.
///
/// What was shown and answered is also kept in `STORE.awaiting` (``AwaitingStoreFile``), which
/// needs no new block on a full disk: a daemon killed meanwhile leaves it to the next, which
/// writes it into the store before it plans.
final class RecordsAwaitingStore {
    /// A showing the store has not recorded: claimed here under a number below zero, which no
    /// row of the store has (`occurrence` set), or under its row's id when only its record as
    /// shown failed.
    struct Showing {
        let occurrence: Occurrence?
        var delivery: DeliveryRecord
        var shown: (notificationID: UInt32?, content: NotificationContent?, at: Date)?
        var line: ClickLedger.Line?
    }

    /// A click, reply or close the store refused, with when it was given and its ledger line.
    struct Answer {
        let event: NotifierEvent
        let at: Date
        let line: ClickLedger.Line?
    }

    static let retryAfter: TimeInterval = 5
    let timer: OneShotTimer
    private(set) var showings: [Showing] = []
    private var answers: [Answer] = []
    private var lastNumber: Int64 = 0
    /// While they are being written: an answer written then plans again, and the plan must not
    /// write them a second time.
    var writing = false

    var isEmpty: Bool { showings.isEmpty && answers.isEmpty }
    private let file: AwaitingStoreFile?
    private let logger: Logger
    private var saved = SavedAwaitingRecords(showings: [], answers: [])
    /// How many did not fit in the file when it was last written: said once per such span.
    private var leftOut = 0

    /// Takes up what a previous daemon left in `STORE.awaiting`.
    init(storePath: String, logger: Logger) throws(DaemonError) {
        timer = try OneShotTimer()
        self.logger = logger
        do {
            file = try AwaitingStoreFile(storePath: storePath)
        } catch {
            file = nil
            logger.warning(
                "\(error): what is shown and answered while the store refuses writes is kept in memory only",
                metadata: ["event": "awaiting_file_unreserved"])
        }
        guard let found = file?.found else { return }
        guard let records = try? JSONDecoder().decode(SavedAwaitingRecords.self, from: found) else {
            logger.error("\(storePath)\(AwaitingStoreFile.suffix) holds what nudge cannot read; not recorded")
            return
        }
        saved = records
        for showing in records.showings {
            lastNumber -= 1
            showings.append(SavedAwaitingRecords.held(showing, number: lastNumber))
        }
        answers = records.answers.compactMap(SavedAwaitingRecords.held)
        logger.notice(
            "\(showings.count) showing(s) and \(answers.count) answer(s) a previous daemon could not record wait in \(storePath)\(AwaitingStoreFile.suffix)",
            metadata: ["event": "awaiting_found"])
        armed()
    }

    /// The claim of an occurrence the store refused to claim: the one made before while it
    /// was not shown yet, nil once it was shown (its record waits here).
    func claim(_ occurrence: Occurrence) -> DeliveryRecord? {
        if let held = showings.first(where: { $0.delivery.key == occurrence.key }) {
            return held.shown == nil ? held.delivery : nil
        }
        lastNumber -= 1
        let delivery = DeliveryRecord(
            id: lastNumber, key: occurrence.key, kind: occurrence.kind, dueAt: occurrence.dueAt,
            title: occurrence.title)
        showings.append(Showing(occurrence: occurrence, delivery: delivery))
        armed()
        return delivery
    }

    /// Whether this occurrence was shown and its record waits here: it is not shown again.
    func isShown(_ key: String) -> Bool {
        showings.contains { $0.delivery.key == key && $0.shown != nil }
    }

    /// The showing the server gave this id, while its record waits: an answer on it waits too.
    func showing(notificationID: UInt32) -> Showing? {
        showings.last { $0.shown?.notificationID == notificationID }
    }

    /// The server accepted `delivery` (or its bell rang), and the store did not record it.
    func shown(
        _ delivery: DeliveryRecord, notificationID: UInt32?, content: NotificationContent?, at instant: Date,
        line: ClickLedger.Line?
    ) {
        if let index = showings.firstIndex(where: { $0.delivery.id == delivery.id }) {
            showings[index].shown = (notificationID, content, instant)
            showings[index].line = line
        } else {
            showings.append(
                Showing(occurrence: nil, delivery: delivery, shown: (notificationID, content, instant), line: line))
        }
        armed()
    }

    /// The showing's record is in the store now (or no longer applies).
    func written(_ delivery: DeliveryRecord) {
        showings.removeAll { $0.delivery.id == delivery.id }
    }

    func hold(_ answer: Answer) {
        answers.append(answer)
        armed()
    }

    /// The answers, oldest first, to be written now; those still refused come back by `hold`.
    func takeAnswers() -> [Answer] {
        defer { answers = [] }
        return answers
    }

    /// After a try: again in `retryAfter` while anything waits, not at all once nothing does.
    /// What waits is in `STORE.awaiting` from here.
    func armed() {
        if isEmpty { timer.disarm() } else { timer.arm(after: Self.retryAfter) }
        save()
    }

    /// Writes what waits into the file when it changed; what does not fit (the newest answers
    /// first, then showings) is in memory only, and the log says so.
    private func save() {
        // Mid-write, answers taken to be written are not held here: saved then, they would be lost.
        guard let file, !writing else { return }
        var records = SavedAwaitingRecords(showings: showings, answers: answers)
        guard records != saved else { return }
        let all = records.count
        var payload = (try? JSONEncoder().encode(records)) ?? Data()
        while payload.count > AwaitingStoreFile.capacity, records.count > 0 {
            if records.answers.isEmpty { records.showings.removeLast() } else { records.answers.removeLast() }
            payload = (try? JSONEncoder().encode(records)) ?? Data()
        }
        guard file.save(payload) else {
            return logger.error("cannot write \(file.path): what waits for the store is in memory only")
        }
        saved = SavedAwaitingRecords(showings: showings, answers: answers)
        logger.debug(
            "kept in \(file.path): \(saved.showings.count) showing(s), \(saved.answers.count) answer(s)",
            metadata: [
                "event": "awaiting_saved", "showings": "\(saved.showings.count)", "answers": "\(saved.answers.count)",
            ])
        if all > records.count, leftOut == 0 {
            logger.warning(
                "\(all - records.count) of \(all) records waiting for the store do not fit in \(file.path) (\(AwaitingStoreFile.capacity) bytes); they are in memory only, and a daemon killed before the store takes writes loses them",
                metadata: ["event": "awaiting_file_full"])
        }
        leftOut = all - records.count
    }
}
