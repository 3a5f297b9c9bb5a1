import Foundation
import NudgeCore
import NudgeNotifier

/// The records of ``RecordsAwaitingStore`` as `STORE.awaiting` keeps them (JSON): the showings
/// made and the answers given while the store refused writes. A showing keeps no text beyond
/// its title (the store has it as claimed); a reply's text is in this 0600 file only until the
/// store has it, as in `STORE.answers`.
struct SavedAwaitingRecords: Codable, Equatable {
    struct Showing: Codable, Equatable {
        /// Below zero: claimed in memory; above: its row's id, only its record as shown waits.
        var id: Int64
        var key: String
        var kind: String
        var dueAt: Double
        var title: String?
        var notificationID: UInt32?
        var shownAt: Double
    }

    struct Answer: Codable, Equatable {
        /// `action`, `reply` or `closed`.
        var event: String
        var notificationID: UInt32
        /// The button's key, the reply's text, or the close's reason.
        var word: String
        var at: Double
    }

    var showings: [Showing] = []
    var answers: [Answer] = []

    var count: Int { showings.count + answers.count }

    init(showings: [RecordsAwaitingStore.Showing], answers: [RecordsAwaitingStore.Answer]) {
        self.showings = showings.compactMap { showing in
            guard let shown = showing.shown else { return nil }
            let delivery = showing.delivery
            return Showing(
                id: delivery.id, key: delivery.key, kind: delivery.kind.rawValue,
                dueAt: delivery.dueAt.timeIntervalSince1970, title: delivery.title,
                notificationID: shown.notificationID, shownAt: shown.at.timeIntervalSince1970)
        }
        self.answers = answers.compactMap { answer in
            let at = answer.at.timeIntervalSince1970
            switch answer.event {
            case .actionInvoked(let id, let action):
                return Answer(event: "action", notificationID: id, word: action, at: at)
            case .replied(let id, let text): return Answer(event: "reply", notificationID: id, word: text, at: at)
            case .closed(let id, let reason):
                return Answer(event: "closed", notificationID: id, word: reason.rawValue, at: at)
            default: return nil
            }
        }
    }

    /// The showing as held: claimed in memory (to be claimed in the store) or by its row.
    static func held(_ saved: Showing, number: Int64) -> RecordsAwaitingStore.Showing {
        let kind = ReminderKind(rawValue: saved.kind)
        let dueAt = Date(timeIntervalSince1970: saved.dueAt)
        let delivery = DeliveryRecord(
            id: saved.id > 0 ? saved.id : number, key: saved.key, kind: kind, dueAt: dueAt, title: saved.title)
        let occurrence =
            saved.id > 0 ? nil : Occurrence(kind: kind, key: saved.key, dueAt: dueAt, title: saved.title ?? "")
        return .init(
            occurrence: occurrence, delivery: delivery,
            shown: (saved.notificationID, nil, Date(timeIntervalSince1970: saved.shownAt)), line: nil)
    }

    static func held(_ saved: Answer) -> RecordsAwaitingStore.Answer? {
        let event: NotifierEvent
        switch saved.event {
        case "action": event = .actionInvoked(notificationID: saved.notificationID, action: saved.word)
        case "reply": event = .replied(notificationID: saved.notificationID, text: saved.word)
        case "closed":
            guard let reason = CloseReason(rawValue: saved.word) else { return nil }
            event = .closed(notificationID: saved.notificationID, reason: reason)
        default: return nil
        }
        return .init(event: event, at: Date(timeIntervalSince1970: saved.at), line: nil)
    }
}
