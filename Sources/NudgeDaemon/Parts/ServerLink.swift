import Foundation
import Logging
import NudgeCore
import NudgeNotifier
import NudgeSystem

/// The link to the notification server: the notifier, what is on its way to the server or
/// waits for one, what was asked to close, the click ledger that keeps what the server said
/// until the store has it, the locked screen that decides what text may go to it, and what
/// it showed and what of that closed.
final class ServerLink {
    private let makeNotifier: Daemon.NotifierFactory
    /// Connected to the bus by `connect()`, not before.
    private(set) var notifier: (any Notifier)!
    let ledger: ClickLedger
    let screen: LockedScreen
    /// What was shown, as the store recorded it: another program's older copy of the store
    /// takes those deliveries out of it.
    let shownDeliveries = ShownDeliveries()
    /// What closed of what this server showed: an older copy of the store may record it as open.
    let closedNotifications = ClosedNotifications()
    /// Ledger lines in the store since the ledger was last told; a line whose event failed to
    /// reach the store is never told, and the ledger keeps it for the next start.
    private var recordedLines: [ClickLedger.Line] = []
    /// Occurrences the server could not take; retried when a server appears.
    private var awaitingServer: Set<String> = []
    /// Occurrences handed to the server and not yet answered: no plan shows them again.
    private var showing: Set<String> = []
    /// Notifications those are replacing in place: answered or finished, they are not closed,
    /// since what replaces them is not.
    private var showingOver: Set<UInt32> = []
    private let showRequests = ShowRequests()
    private let windows = WindowQueue()
    /// Fires `retryDelay` after a server that owns the name did not answer (a call timed out).
    let retryTimer: OneShotTimer
    private let retryDelay: TimeInterval
    /// A notification the server accepted since the last plan: what it wrote (a call's cadence
    /// counts again) is planned from once the events in hand are handled.
    private var shownSincePlan = false
    private var reportedServerProblem = false
    /// The server went away since a notification was shown: what it showed is gone with it.
    private var serverLost = false
    /// A notification was accepted while no server was known (by the next one, before its
    /// appearance was heard): what was shown in the second it appeared may be that one's.
    private var acceptedWhileLost = false
    /// Notifications already asked to close, so a server that never confirms is asked once.
    private var closeRequested: Set<UInt32> = []
    /// When the notification server on the bus now appeared after one went away, or earlier
    /// when the clock was set back since and it showed something before that instant: ids it
    /// hands out may repeat the old server's, so only what it showed may be closed by id.
    private(set) var serverSince = Date.distantPast
    /// The ids the notification server now on the bus returned, since one went away: an id is
    /// the server's that gave it, whatever the clock said when it was shown (one set back after
    /// a showing left it "after" the restart, and the old id was reworded over the notification
    /// the new server had given it to: hostile round on issue 41). Consulted only once the
    /// server may not have shown all of the store's (`mayHaveShownAny`).
    private var idsFromThisServer: Set<UInt32> = []
    /// Whether the server now on the bus may have shown any of the store's: the one the daemon
    /// found at its start, unless the store says another showed them (`replacedWhileStopped`).
    private var mayHaveShownAny = true
    /// Whether a server appeared since the daemon started.
    private var sawServer = false
    private let clock: DaemonClock
    private let events: EventQueue
    private let logger: Logger

    init(
        storePath: String, makeNotifier: @escaping Daemon.NotifierFactory, retryDelay: TimeInterval,
        clock: DaemonClock, events: EventQueue, logger: Logger
    ) throws(DaemonError) {
        ledger = try ClickLedger(storePath: storePath)
        screen = LockedScreen(logger: logger)
        retryTimer = try OneShotTimer()
        self.makeNotifier = makeNotifier
        self.retryDelay = retryDelay
        self.clock = clock
        self.events = events
        self.logger = logger
    }

    /// Connects to the bus: from now on what the server says is an event, and in the ledger.
    func connect() {
        let queue = events
        let ledger = ledger
        let clock = clock
        notifier = makeNotifier { event in
            let now = clock.now()
            queue.push(.notifier(event, at: now, line: ledger.append(.event(event), at: now)))
        }
    }

    /// Due but not to be shown by a plan: waiting for a server, or on its way to one.
    func isHeldBack(_ key: String) -> Bool {
        awaitingServer.contains(key) || showing.contains(key)
    }

    /// Until the server's capabilities are known, the text cannot be worded for it: these wait
    /// for its answer (`serverReachable`), or for a server to appear.
    func knowsServer(for occurrences: [Occurrence]) -> Bool {
        guard !notifier.knowsServer else { return true }
        awaitingServer.formUnion(occurrences.map(\.key))
        notifier.learnServer()
        return false
    }

    /// Hands `content` to the server (`ShowRequests`); what it replaces in place is
    /// `showingOver`, and `keys` are `showing`, until the server's answer, which `finish` gets
    /// on the loop.
    func submit(
        _ content: NotificationContent, replacing: UInt32?, window: ReminderKind? = nil, showing keys: [String] = [],
        ledgerFor deliveries: [Int64], finish: @escaping ShowRequests.Finish
    ) {
        submit(content, replacing: { replacing }, window: window, showing: keys, ledgerFor: deliveries, finish: finish)
    }

    /// As above, for a replacing kind's `window`: it goes after that window's showings on their
    /// way (`WindowQueue`), and `replacing` is read when it goes, once they are recorded.
    func submit(
        _ content: NotificationContent, replacing: @escaping () -> UInt32?, window: ReminderKind?,
        showing keys: [String], ledgerFor deliveries: [Int64], finish: @escaping ShowRequests.Finish
    ) {
        showing.formUnion(keys)
        windows.enqueue(window) { [unowned self] done in
            let replacing = replacing()
            if let replacing { showingOver.insert(replacing) }
            showRequests.submit(
                content, replacing: replacing, through: notifier, ledgerFor: deliveries, ledger: ledger,
                clock: clock, events: events
            ) { [unowned self] result, now, lines in
                if let replacing { showingOver.remove(replacing) }
                showing.subtract(keys)
                if case .success = result, serverLost { acceptedWhileLost = true }
                if case .success(let id) = result {
                    idsFromThisServer.insert(id)
                    if !mayHaveShownAny { serverSince = min(serverSince, now) }
                }
                if case .success(let id) = result,
                    now.timeIntervalSince1970.rounded(.down) == serverSince.timeIntervalSince1970.rounded(.down)
                {
                    shownInItsFirstSecond.insert(id)
                }
                finish(result, now, lines)
                done()
            }
        }
    }

    /// The ids this server handed out in the second it appeared: the store keeps times to the
    /// second, so what it showed then cannot be told by time from what the server before showed
    /// (whose ids may be another program's by now). Kept for that second's notifications only.
    private var shownInItsFirstSecond: Set<UInt32> = []

    /// Whether the server now on the bus showed `record`: shown after the second it appeared,
    /// or in that second under an id it handed out.
    func showed(_ record: DeliveryRecord) -> Bool {
        guard let shownAt = record.shownAt else { return false }
        return showed(record.notificationID, at: shownAt)
    }

    /// Whether the server now on the bus showed notification `id` at `shownAt`.
    func showed(_ id: UInt32?, at shownAt: Date) -> Bool {
        if !mayHaveShownAny, id.map(idsFromThisServer.contains) != true { return false }
        // To the second, as the store keeps it.
        let (shown, since) = (
            shownAt.timeIntervalSince1970.rounded(.down), serverSince.timeIntervalSince1970.rounded(.down)
        )
        return shown > since
            || (shown == since && id.map(shownInItsFirstSecond.contains) == true)
    }

    /// The server's answer to a show request reached the loop.
    func finish(_ request: Int, _ result: Result<UInt32, NotifierError>, at now: Date, lines: [ClickLedger.Line]) {
        if showRequests.finish(request, result, at: now, lines: lines), case .success = result {
            shownSincePlan = true
        }
    }

    /// Whether a notification was accepted since the last plan; a plan follows, so it is forgotten.
    func takeShownSincePlan() -> Bool {
        defer { shownSincePlan = false }
        return shownSincePlan
    }

    /// The server accepted a notification: its problem is said again when it comes back.
    func accepted() { reportedServerProblem = false }

    /// The server refused these: they wait for it, and it is asked again later.
    func refused(_ keys: [String], because problem: String) {
        awaitingServer.formUnion(keys)
        reportProblem(problem)
        askAgainLater()
    }

    /// A server that owns the name but did not answer in D-Bus's time (25 s) may be busy, not
    /// gone: nothing would then announce that it answers again, so it is asked again; what
    /// waits for it is shown once it answers.
    func askAgainLater() {
        guard !serverLost else { return }
        retryTimer.arm(after: retryDelay)
    }

    func onRetryTimer() -> EventLoop.Next {
        if retryTimer.consume(), !awaitingServer.isEmpty, !serverLost { notifier.learnServer() }
        return .continue
    }

    /// Said once until a notification is shown again.
    func reportProblem(_ problem: String) {
        guard !reportedServerProblem else { return }
        reportedServerProblem = true
        logger.error(
            "cannot show notifications: \(problem); reminders stay due and are shown when a notification server appears",
            metadata: ["event": "server_unavailable"])
    }

    /// Asks the server to close notification `id`, once, unless something replaces it in place;
    /// true when asked.
    func close(_ id: UInt32) -> Bool {
        guard !closeRequested.contains(id), !showingOver.contains(id) else { return false }
        closeRequested.insert(id)
        notifier.close(id)
        return true
    }

    /// Whether nudge asked the server to close notification `id` (and no server came since).
    func askedToClose(_ id: UInt32) -> Bool { closeRequested.contains(id) }

    /// A server appeared on the bus. When one had gone away, what it showed is gone: returns
    /// whether all that was shown until `now`, its second included, was that server's (nothing
    /// was accepted since it went); nil when none had gone.
    func appeared(at now: Date) -> Bool? {
        guard serverLost else { return nil }
        defer { acceptedWhileLost = false }
        serverLost = false
        serverSince = now
        shownInItsFirstSecond.removeAll()
        closeRequested.removeAll()
        closedNotifications.forgetAll()
        return !acceptedWhileLost
    }

    /// The server went away (or there is no bus): what it showed is gone with it, and the ids
    /// it gave with it.
    func lost() {
        serverLost = true
        mayHaveShownAny = false
        idsFromThisServer = []
    }

    /// A server appeared: true the first time since the daemon started.
    func firstSight() -> Bool {
        defer { sawServer = true }
        return !sawServer
    }

    /// The server the daemon found at its start is not the one that showed the store's open
    /// notifications (that one went while no daemon ran): only what this daemon showed since
    /// `start` is this server's, the ids it handed out then included.
    func replacedWhileStopped(since start: Date) {
        mayHaveShownAny = false
        serverSince = start
        shownInItsFirstSecond = idsFromThisServer
    }

    /// What waited for a server is due again now; true when something did.
    func releaseAwaiting() -> Bool {
        guard !awaitingServer.isEmpty else { return false }
        awaitingServer.removeAll()
        return true
    }

    /// A ledger line whose event is in the store now.
    func recorded(_ line: ClickLedger.Line) { recordedLines.append(line) }

    /// Tells the ledger which of its lines are in the store now.
    func tellLedger() {
        ledger.recorded(recordedLines)
        recordedLines.removeAll()
    }
}
