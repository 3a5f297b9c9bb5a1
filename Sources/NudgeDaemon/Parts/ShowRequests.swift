import Foundation
import NudgeCore
import NudgeNotifier
import NudgeSystem
import Synchronization

/// Notifications handed to the notifier and not yet answered by the server.
///
/// The server's answer arrives on the notifier's thread; what follows from it (the store, the
/// ring, the next plan) is the loop's, so it comes back as an event and runs there. The "shown"
/// lines go to the click ledger on the notifier's thread at once, before any click the server
/// reports on that notification. A notifier that answers before `show` returns (one that never
/// waits) is finished at once, as if it had been a call.
final class ShowRequests {
    /// What the loop does with the server's answer: its id or why not, when it came, and the
    /// ledger lines written for it.
    typealias Finish = (Result<UInt32, NotifierError>, Date, [ClickLedger.Line]) -> Void

    private var waiting: [Int: Finish] = [:]
    private var submitted = 0

    /// Shows `content`; `deliveries` are written to `ledger` as shown under the server's id.
    /// Returns true when `finish` already ran.
    @discardableResult
    func submit(
        _ content: NotificationContent, replacing: UInt32?, through notifier: any Notifier,
        ledgerFor deliveries: [Int64], ledger: ClickLedger, clock: DaemonClock, events: EventQueue,
        finish: @escaping Finish
    ) -> Bool {
        submitted += 1
        let number = submitted
        let answer = Answer()
        notifier.show(content, replacing: replacing) { result in
            let now = clock.now()
            let lines =
                (try? result.get()).map { id in
                    deliveries.compactMap { ledger.append(.shown(deliveryID: $0, notificationID: id), at: now) }
                } ?? []
            if answer.keep(result, now, lines) { events.push(.shown(request: number, result, at: now, lines: lines)) }
        }
        guard let (result, now, lines) = answer.returned() else {
            waiting[number] = finish
            return false
        }
        finish(result, now, lines)
        return true
    }

    /// Runs what waits for request `number`; false when nothing did.
    func finish(_ number: Int, _ result: Result<UInt32, NotifierError>, at now: Date, lines: [ClickLedger.Line]) -> Bool
    {
        guard let finish = waiting.removeValue(forKey: number) else { return false }
        finish(result, now, lines)
        return true
    }

    /// The server's answer if it came before `show` returned; otherwise it goes to the loop.
    private final class Answer: Sendable {
        private enum State {
            case calling
            case answered(Result<UInt32, NotifierError>, Date, [ClickLedger.Line])
            case returned
        }

        private let state = Mutex(State.calling)

        /// True when the caller has returned and the answer must go to the loop.
        func keep(_ result: Result<UInt32, NotifierError>, _ now: Date, _ lines: [ClickLedger.Line]) -> Bool {
            state.withLock { state in
                guard case .calling = state else { return true }
                state = .answered(result, now, lines)
                return false
            }
        }

        func returned() -> (Result<UInt32, NotifierError>, Date, [ClickLedger.Line])? {
            state.withLock { state in
                defer { state = .returned }
                guard case .answered(let result, let now, let lines) = state else { return nil }
                return (result, now, lines)
            }
        }
    }
}
