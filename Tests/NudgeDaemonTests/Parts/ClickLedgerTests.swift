import Foundation
import Logging
import NudgeCore
import NudgeNotifier
import NudgeSound
import NudgeStore
import NudgeSystem
import NudgeTestSupport
import Testing

@testable import NudgeDaemon

/// The ledger keeps every line until that line is in the store.
struct ClickLedgerTests {
    /// A click written to the ledger before a "shown" that is recorded first must survive a kill: the next
    /// daemon finds it (the fault harness lost one such click while the store was busy).
    @Test func aClickStaysUntilItIsRecordedWhateverWasRecordedBefore() throws {
        let directory = TemporaryDirectory()
        let store = directory.file("nudge.sqlite")
        let ledger = try ClickLedger(storePath: store)
        let clicked = Date(timeIntervalSince1970: 1_795_000_000)
        let click = try #require(
            ledger.append(.event(.actionInvoked(notificationID: 7, action: "called")), at: clicked))
        let shown = try #require(ledger.append(.shown(deliveryID: 3, notificationID: 8), at: clicked))
        ledger.recorded([shown])

        let next = try ClickLedger(storePath: store)
        #expect(
            next.pending.map(\.entry) == [
                .event(.actionInvoked(notificationID: 7, action: "called")), .shown(deliveryID: 3, notificationID: 8),
            ])

        ledger.recorded([click])
        #expect(try ClickLedger(storePath: store).pending.isEmpty)
    }

    /// A FIFO where the ledger goes held the daemon in open() for good, with its lock, before it
    /// logged a word; a device would swallow the clicks. Either is refused at once.
    @Test(arguments: ["fifo", "device"])
    func aLedgerThatIsNotARegularFileIsRefused(_ kind: String) throws {
        let directory = TemporaryDirectory()
        let store = directory.file("nudge.sqlite")
        if kind == "fifo" {
            #expect(mkfifo(store + ".answers", 0o600) == 0)
        } else {
            #expect(symlink("/dev/null", store + ".answers") == 0)
        }
        #expect(throws: DaemonError.self) { try ClickLedger(storePath: store) }
        do {
            _ = try ClickLedger(storePath: store)
        } catch {
            #expect(error.description.contains("is not a regular file"))
        }
    }

    /// The ledger removed while the daemon runs: the next click goes to a new file, which the next
    /// daemon reads (appended to the deleted one, it was lost).
    @Test func aRemovedLedgerIsOpenedAgain() throws {
        let directory = TemporaryDirectory()
        let store = directory.file("nudge.sqlite")
        let ledger = try ClickLedger(storePath: store)
        #expect(unlink(store + ".answers") == 0)
        let clicked = Date(timeIntervalSince1970: 1_795_000_000)
        #expect(ledger.append(.event(.actionInvoked(notificationID: 6, action: "called")), at: clicked) != nil)
        #expect(
            try ClickLedger(storePath: store).pending.map(\.entry) == [
                .event(.actionInvoked(notificationID: 6, action: "called"))
            ])
    }

    @Test func entriesFoundOnStartAreEmptiedOnceReplayed() throws {
        let directory = TemporaryDirectory()
        let store = directory.file("nudge.sqlite")
        try "1795000000.000 action 1 snooze\nnot an entry\n1795000001.000 closed 1 dismissed\n"
            .write(toFile: store + ".answers", atomically: false, encoding: .utf8)
        let ledger = try ClickLedger(storePath: store)
        #expect(ledger.pending.count == 2)
        ledger.recorded([ledger.pending[1].line])
        #expect(try ClickLedger(storePath: store).pending.count == 2)
        ledger.recorded([ledger.pending[0].line])
        #expect(try String(contentsOfFile: store + ".answers", encoding: .utf8).isEmpty)
    }

    /// A meditation bell rings (recorded, with no line of its own) in the round a click arrives
    /// in: the ledger must still hold the click when the round ends, so that a kill -9 then
    /// loses nothing. It was emptied: the bell counted as a recorded line.
    @Test func aBellInTheRoundOfAClickLeavesTheClickInTheLedger() throws {
        let directory = TemporaryDirectory()
        let storePath = directory.file("nudge.sqlite")
        let start = try #require(Timestamp.parse("2026-11-22T18:00:00Z"))
        let clock = DaemonClock(startingAt: start)
        let store = try Store(path: storePath, now: start)
        guard
            case .started(let session) = try store.startMeditation(
                plannedSeconds: 600, intervalSeconds: 0, delaySeconds: 0, now: start, utcOffsetMinutes: 0, sleep: nil)
        else {
            Issue.record("not started")
            return
        }
        nonisolated(unsafe) var heard: (@Sendable (NotifierEvent) -> Void)?
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        let configuration = Daemon.Configuration(
            storePath: storePath, clock: clock, timeZone: SystemTimeZone(environment: ["TZ": "UTC"]),
            kinds: [.meditation])
        let daemon = try Daemon(
            configuration, logger: logger,
            makeNotifier: {
                heard = $0
                return SilentNotifier()
            }, player: SilentPlayer())
        daemon.startNotifier()
        heard?(.actionInvoked(notificationID: 9, action: "take"))
        daemon.reconcile(because: "due")
        #expect(try store.delivery(key: "meditation:\(session.id):start")?.shownAt != nil, "the start bell rang")
        daemon.tellLedger()
        #expect(
            try ClickLedger(storePath: storePath).pending.map(\.entry) == [
                .event(.actionInvoked(notificationID: 9, action: "take"))
            ])
    }

    final class SilentPlayer: SoundPlayer {
        func play(_ sound: SoundSource, finished: @escaping @Sendable () -> Void) { finished() }
        func ring(_ sound: SoundSource, limit: TimeInterval, ended: @escaping @Sendable () -> Void) {}
        func stopRinging() {}
    }

    final class SilentNotifier: Notifier, @unchecked Sendable {
        var bodyText: BodyText { .plain }
        var showsActions: Bool { true }
        var playsSounds: Bool { false }
        func show(_ content: NotificationContent, replacing: UInt32?) throws(NotifierError) -> UInt32 { 1 }
        func close(_ notificationID: UInt32) {}
    }
}
