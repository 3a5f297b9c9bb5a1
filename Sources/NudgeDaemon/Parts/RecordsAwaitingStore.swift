import Foundation
import NudgeCore
import NudgeNotifier

/// What the daemon did while the store refused to record it (a full disk, a read-only store,
/// another program's lock past the loop's short wait), kept in memory until the store takes
/// writes again: the showings it made, and the answers given meanwhile.
///
/// A reminder due is shown and rung whatever the store says: a silent alarm is the worse harm
/// (hostile round 28 on issue 39: a full disk missed the dose-2 alarm). Its claim is held here
/// instead, so that the daemon does not show it twice. A timer tries the store again every
/// `retryAfter` while anything waits, and only then: a daemon at rest never wakes.
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

    init() throws(DaemonError) { timer = try OneShotTimer() }

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
    func armed() {
        if isEmpty { timer.disarm() } else { timer.arm(after: Self.retryAfter) }
    }
}
