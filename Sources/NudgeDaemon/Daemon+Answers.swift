import Foundation
import NudgeCore
import NudgeNotifier
import NudgeStore

/// Answers: what the notification server reports (a click, a close, the server coming and
/// going), recorded in the store first, then planned from. The click ledger keeps each until
/// the store has it.
extension Daemon {
    /// Records what a previous daemon received but may not have recorded. What the server
    /// showed goes first: a click can be written to the ledger (on the GLib thread) just before the "shown"
    /// of the notification it answers.
    /// What it showed and was answered on a full disk (`STORE.awaiting`) goes first.
    func replay(_ unrecorded: [(entry: ClickLedger.Entry, at: Date, line: ClickLedger.Line)]) {
        writeRecordsAwaitingStore()
        let replayed =
            unrecorded.filter { if case .shown = $0.entry { true } else { false } }
            + unrecorded.filter { if case .shown = $0.entry { false } else { true } }
        for (entry, instant, line) in replayed {
            let inStore =
                switch entry {
                case .event(let event): handle(event, at: instant, line: line)
                case .shown(let deliveryID, let notificationID):
                    replayShown(deliveryID, notificationID: notificationID, at: instant)
                }
            if inStore { server.recorded(line) }
        }
        if !replayed.isEmpty {
            logger.notice(
                "replayed \(replayed.count) ledger entr\(replayed.count == 1 ? "y" : "ies") a previous daemon had not recorded"
            )
        }
        tellLedger()
    }

    /// True once the store has it (or the delivery is gone).
    private func replayShown(_ deliveryID: Int64, notificationID: UInt32, at instant: Date) -> Bool {
        do {
            guard let delivery = try store.delivery(id: deliveryID) else { return true }
            return recordShown(delivery, notificationID: notificationID, content: nil, at: instant)
        } catch {
            logger.error("\(error)")
            return false
        }
    }

    /// Tells the ledger which of its lines are in the store now.
    func tellLedger() { server.tellLedger() }

    /// Handles one event; `now` is when it reached the process, which is when the person
    /// answered. True unless it failed to reach the store; one the store refused waits, with
    /// its ledger `line`, in ``RecordsAwaitingStore`` (not until the next start).
    @discardableResult
    func handle(_ event: NotifierEvent, at now: Date, line: ClickLedger.Line? = nil) -> Bool {
        guard !awaitsShowing(event) else {
            awaitingStore.hold(.init(event: event, at: now, line: line))
            return false
        }
        do {
            try record(event, at: now)
            return true
        } catch {
            logger.error("\(Self.said(error))")
            if Self.isRefusal(error) || Self.isDamage(error) {
                awaitingStore.hold(.init(event: event, at: now, line: line))
                if !Self.isDamage(error) { storeRefused(error) }
            }
            return false
        }
    }

    /// What the event asks: an answer or a close recorded, the server's coming and going followed.
    private func record(_ event: NotifierEvent, at now: Date) throws {
        switch event {
        case .actionInvoked(let id, let action):
            try answer(action, onNotification: id, at: now)
        case .replied(let id, let text):
            try answer(NotificationAction.inlineReplyKey, reply: text, onNotification: id, at: now)
        case .closed(let id, let reason):
            try closed(id, reason: reason, at: now)
        case .serverAppeared(let owner):
            try serverAppeared(owner, at: now)
        case .serverReachable:
            if server.releaseAwaiting() { reconcile(because: "server reachable") }
        case .serverUnreachable(let problem):
            server.reportProblem(problem)
            server.askAgainLater()
        case .serverVanished:
            server.lost()
            logger.notice("no notification server on the bus")
        case .noSessionBus(let reason):
            server.lost()
            let address =
                ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"].map { "'\($0)'" } ?? "unset"
            logger.error(
                "no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS is \(address): \(reason)); nothing can be shown until the daemon runs in a desktop session (systemctl --user start nudge)"
            )
        case .busClosed:
            // The event loop stops on it before it comes here.
            break
        }
    }

    /// The server closed a notification: the ringing stops with it (or it is shown again at
    /// once, expired while it rings), and one that expired unanswered is owed again.
    private func closed(_ id: UInt32, reason given: CloseReason, at now: Date) throws {
        // A notification nudge asked the server to close is closed by that call, whatever reason
        // the server gives (dbusmock says "expired"): owed again, it would come back for an
        // answered dose, and arm the wake alarm in the night for it.
        let reason = server.askedToClose(id) ? .closed : given
        if ringer.ringing?.notificationID == id {
            if reason == .expired, try showRingingAlarmAgain(expired: id) { return }
            ringer.stop(because: "closed")
        }
        if let shown = try store.delivery(notificationID: id), server.showed(shown), let shownAt = shown.shownAt {
            server.closedNotifications.remember(id, shownAt: shownAt, closedAt: now, reason: reason)
        }
        let reshowAfter = TimeInterval(try store.settings().int(ExpiredReshow.minutes) * 60)
        if try store.recordClosed(notificationID: id, reason: reason, at: now, reshowAfter: reshowAfter) {
            logger.info(
                "notification \(id) expired unanswered; shown again in \(Int(reshowAfter / 60)) min",
                metadata: ["event": "expired", "notification": "\(id)"])
            reconcile(because: "expired")
        }
    }

    /// A button: recorded as its rule decides, then planned from. Any button on a ringing
    /// alarm stops the ringing at once; "I'm awake" does only that.
    /// A reply's text goes to the store only: never to the log.
    private func answer(_ action: String, reply: String? = nil, onNotification id: UInt32, at now: Date) throws {
        if ringer.ringing?.notificationID == id { ringer.stop(because: action) }
        guard let record = try store.delivery(notificationID: id) else { return }
        if action == NotificationAction.awake.key { return try showWithoutAwake(record, notification: id) }
        switch try store.answer(
            record.id, action: action, reply: reply, at: now, clock: wallClock,
            sleep: configuration.clock.sleepReading())
        {
        case .recorded(let receipt):
            logger.info("answered \(record.key): \(action)")
            if let command = receipt.openInTerminal { openTerminal(running: command) }
        case .duplicate, .answeredOtherwise: logger.debug("already answered \(record.key); ignoring '\(action)'")
        case .refused(let refusal):
            logger.notice("not recorded: \(action) on \(record.key): \(refusal)")
            // The button was stale (a snooze in the last 15 minutes): show what applies now.
            // Else the click closed the notification: say that nothing was recorded, and why.
            if try !reshowLiveNotification(of: record.kind, replacing: id, because: "up to date after a stale button") {
                show(
                    RefusedAnswerNotice.content(
                        refusal, deliveryID: record.id, answer: action, text: server.notifier.bodyText,
                        hidingPrivate: server.screen.hidesPrivateText(try store.settings())))
            }
        }
        reconcile(because: "answer")
    }

    /// "I'm awake" is recorded in nobody's records: the notification stays, brought up to date
    /// without it, and the escalation waits as long again from now. nudge keeps which delivery
    /// it stopped, so that a restarted daemon does not ring that one again.
    private func showWithoutAwake(_ record: DeliveryRecord, notification id: UInt32) throws {
        let now = configuration.clock.now()
        do { try store.recordAwake(on: record, at: now) } catch {
            // Unrecorded, a restarted daemon rings it again: the louder, never the silent.
            logger.error("\(error)")
        }
        try reshowLiveNotification(of: record.kind, replacing: id, because: "without I'm awake")
        let input = try scheduleInput(at: now, clock: wallClock)
        escalator.awake(input.pendingEscalation(now: now, clock: wallClock), at: now)
        reconcile(because: "awake")
    }

    /// `nudge ack ID awake` (SIGUSR1 with the delivery's id): as the button, when that delivery
    /// still rings; by then it may have been answered or stopped, and nothing is done.
    func awakeFromTerminal(_ deliveryID: Int64?) {
        guard let ringing = ringer.ringing, let deliveryID, ringing.deliveryID == deliveryID, ringing.offersAwake else {
            return logger.info(
                "I'm awake from a terminal: delivery \(deliveryID.map(String.init) ?? "?") is not ringing")
        }
        ringer.stop(because: "awake")
        do {
            guard let record = try store.delivery(id: deliveryID) else { return }
            try showWithoutAwake(record, notification: ringing.notificationID)
        } catch {
            logger.error("\(error)")
        }
    }

    /// Runs this nudge on this store with `arguments` in a new terminal.
    private func openTerminal(running arguments: [String]) {
        guard let terminal = configuration.terminal else {
            return logger.notice("no terminal to open (xdg-terminal-exec, x-terminal-emulator)")
        }
        let nudge = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        do {
            try terminal.open([nudge, "--store", configuration.storePath] + arguments)
            logger.info("opened a terminal for nudge \(arguments.first ?? "")")
        } catch {
            logger.error("cannot open a terminal with \(terminal.path): \(error)")
        }
    }

    /// A server that expires even what asks never to expire (dunst with `ignore_timeout`) took
    /// the ringing alarm off the screen; the person did nothing. It is shown again at once, and
    /// the ring goes on: closed, it would be silent for `notify.reshow_minutes`.
    private func showRingingAlarmAgain(expired id: UInt32) throws -> Bool {
        guard let record = try store.delivery(notificationID: id),
            try scheduleInput(at: configuration.clock.now(), clock: wallClock).kind(record.kind)?.isReplacing == true
        else { return false }
        logger.info(
            "notification \(id) expired while its alarm rings; shown again",
            metadata: ["event": "expired_ringing", "notification": "\(id)"])
        try reshowLiveNotification(of: record.kind, because: "it expired while its alarm rings")
        return true
    }

    private func serverAppeared(_ owner: String?, at now: Date) throws {
        logger.info("a notification server is on the bus", metadata: ["event": "server_appeared"])
        var owedAgain = 0
        let replacedWhileStopped = serverReplacedWhileStopped(by: owner)
        if replacedWhileStopped { server.replacedWhileStopped(since: planner.daemonStartedAt) }
        if let nowsSecondIsOld = replacedWhileStopped ? false : server.appeared(at: now) {
            let input = try scheduleInput(at: now, clock: wallClock)
            // What the server before showed in the last day is gone with it: history says so,
            // and what waited for an answer is shown again. A store that cannot say it does not
            // keep the dose window from being shown again.
            var lost = 0
            do {
                let gone = try store.recordLostWithServer(
                    shownSince: now.addingTimeInterval(-86_400),
                    besides: replacedWhileStopped ? server.shownDeliveries.deliveryIDs : nil, at: now,
                    nowsSecondIsOld: nowsSecondIsOld,
                    showingAgain: input.kinds.filter { !$0.isReplacing }.map(\.kind))
                (lost, owedAgain) = gone
            } catch {
                logger.error("\(error)")
            }
            // The dose window shows its own state again, and counts with what is owed again.
            var reshown = 0
            for kind in input.kinds where kind.isReplacing {
                if try reshowLiveNotification(of: kind.kind, because: "the notification server restarted") {
                    reshown += 1
                }
            }
            if lost > 0 {
                logger.info(
                    "notifications gone with the notification server that showed them: \(lost), \(owedAgain + reshown) shown again"
                )
            }
        }
        if server.releaseAwaiting() || owedAgain > 0 { reconcile(because: "server appeared") }
    }

    /// Records `owner` as the server now on the bus. True when it is the first this daemon
    /// sees and another showed what the store has on screen: that one went while no daemon ran
    /// (a restart, a new session), and what it showed with it. Not when the store knows none
    /// (a first run, an older store) or cannot say: as before, the server is taken for the one
    /// that showed them, and nothing is shown twice.
    private func serverReplacedWhileStopped(by owner: String?) -> Bool {
        let first = server.firstSight()
        guard let owner else { return false }
        do {
            let before = try store.recordNotificationServer(owner)
            return first && before != nil && before != owner
        } catch {
            logger.error("\(error)")
            return false
        }
    }
}
