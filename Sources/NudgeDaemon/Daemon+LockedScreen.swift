import Foundation
import NudgeCore
import NudgeNotifier
import NudgeSleep
import NudgeStore

/// The locked screen (`LockedScreen`): a private kind's notification (``PrivateRule``) goes to
/// the server in neutral words while the session is locked, and is replaced in place, silently,
/// when the lock comes or goes.
extension Daemon {
    /// What goes to the server for `content`: the screen's words, then, for a server without
    /// buttons, how to answer from a terminal (`deliveryID`'s, when it stands for one delivery).
    func forServer(
        _ content: NotificationContent, deliveryID: Int64?, awakeStopsRinging: Bool, settings: Settings
    ) -> (stored: NotificationContent, onScreen: NotificationContent) {
        var stored = content
        var onScreen = server.screen.screened(content, settings: settings)
        if !server.notifier.showsActions, let deliveryID {
            stored = stored.answeredFromTerminal(deliveryID: deliveryID, awakeStopsRinging: awakeStopsRinging)
            // Neutral on a locked screen: the answers' words ("Take dose 2") would say what the
            // neutral title hides, so only the way to answer is given. Its own text, with
            // them, comes back on unlock.
            onScreen =
                onScreen == content
                ? onScreen.answeredFromTerminal(deliveryID: deliveryID, awakeStopsRinging: awakeStopsRinging)
                : onScreen.answeredFromTerminalWithoutItsAnswers(deliveryID: deliveryID)
        }
        return (stored, onScreen)
    }

    /// logind said whether the session is locked.
    func sessionLockChanged(_ report: SessionLockWatch.Report) {
        guard server.screen.heard(report) else { return }
        do { try rewordPrivateOnScreen() } catch { logger.error("\(error)") }
    }

    /// Each private notification on screen is replaced in place by what the screen may show
    /// now: its neutral words once locked, its own once unlocked. Silently: it sounded when it
    /// came, and an alarm's ringing goes on as it was.
    func rewordPrivateOnScreen() throws {
        let now = configuration.clock.now()
        let input = try scheduleInput(at: now, clock: wallClock)
        // With the setting off nothing is hidden on a lock; an unlock still gives back what a
        // lock hid before it was turned off.
        guard !server.screen.isLocked || input.settings.bool(.notifyPrivateWhenLocked) else { return }
        try rewordLateSummariesOnScreen(input: input, at: now)
        // From the second the server now on the bus appeared: only what it showed (`showed`).
        for live in try store.onScreen(shownAfter: server.serverSince.addingTimeInterval(-1)) where server.showed(live)
        {
            guard let rule = input.kind(live.kind), rule.isPrivate, let id = live.notificationID,
                !server.askedToClose(id), rule.screenState(ofKey: live.key, from: input, clock: wallClock) != .finished,
                var content = rule.presentation(
                    for: Occurrence(kind: live.kind, key: live.key, dueAt: live.dueAt, title: live.title ?? ""),
                    now: now, text: server.notifier.bodyText, from: input, clock: wallClock)?.notification
            else { continue }
            // As when it was sent: one that breaks through Do Not Disturb stays critical while
            // it is on, or the desktop holds it (hostile round on issue 41 after B14).
            if doNotDisturb.quieting.counted(doNotDisturb.state).isOn,
                rule.duringDoNotDisturb(key: live.key, input) == .breakThrough
            {
                content.urgency = .critical
            }
            content = ringer.voiced(content, settings: input.settings, for: server.notifier).0
            content.soundHint = .suppress
            let ringing = ringer.ringing.map { $0.deliveryID == live.id } ?? false
            if !ringing { content.actions.removeAll { $0.key == NotificationAction.awake.key } }
            let (stored, onScreen) = forServer(
                content, deliveryID: live.id, awakeStopsRinging: ringing && ringer.ringing?.offersAwake == true,
                settings: input.settings)
            let locked = server.screen.isLocked
            server.submit(onScreen, replacing: id, window: rule.isReplacing ? rule.kind : nil, ledgerFor: []) {
                [unowned self] result, shownAt, _ in
                switch result {
                case .success(let newID):
                    logger.info(
                        "\(live.key) reworded for the \(locked ? "locked" : "unlocked") screen",
                        metadata: ["event": "reworded", "key": "\(live.key)", "locked": locked ? "yes" : "no"])
                    // A server that lost it showed it anew: the store and the ringing follow its id.
                    guard newID != id else { return }
                    if ringing { ringer.ringsOn(notification: newID, forDelivery: live.id) }
                    do {
                        try store.markShownAgain(live.id, notificationID: newID, content: stored, at: shownAt)
                    } catch { logger.error("\(error)") }
                case .failure(let error):
                    logger.error("cannot reword \(live.key) for the screen: \(error)")
                }
            }
        }
    }

    /// Each late summary on screen that names a private kind's is replaced in place, silently,
    /// by its words for the screen now: that one named neutrally once locked, by its rule on
    /// unlock. Its title is read again from its deliveries and the daemon's facts
    /// (``LateCause``).
    private func rewordLateSummariesOnScreen(input: ScheduleInput, at now: Date) throws {
        let hiding = server.screen.hidesPrivateText(input.settings)
        for summary in try store.lateSummariesOnScreen(shownAfter: server.serverSince.addingTimeInterval(-1)) {
            let occurrences = summary.map {
                Occurrence(kind: $0.kind, key: $0.key, dueAt: $0.dueAt, title: $0.title ?? "")
            }
            guard let first = summary.first, server.showed(first), let id = first.notificationID,
                !server.askedToClose(id), LateSummary.namesPrivate(occurrences, input: input)
            else { continue }
            let cause = lateCause(of: occurrences, input: input)
            var content = LateSummary.content(
                of: occurrences, now: now, input: input, clock: wallClock, text: server.notifier.bodyText,
                cause: cause, hidingPrivate: hiding)
            content = ringer.voiced(content, settings: input.settings, for: server.notifier).0
            content.soundHint = .suppress
            let shown = content
            let onScreen = forServer(content, deliveryID: nil, awakeStopsRinging: false, settings: input.settings)
                .onScreen
            server.submit(onScreen, replacing: id, ledgerFor: []) { [unowned self] result, shownAt, _ in
                switch result {
                case .success(let newID):
                    logger.info(
                        "the summary of \(summary.count) late reminders reworded for the \(hiding ? "locked" : "unlocked") screen",
                        metadata: ["event": "reworded", "notification": "\(newID)", "locked": hiding ? "yes" : "no"])
                    // A server that lost it showed it anew: the store follows its id.
                    guard newID != id else { return }
                    for (record, occurrence) in zip(summary, occurrences) {
                        do {
                            try store.markShownAgain(
                                record.id, notificationID: newID, content: LateSummary.recorded(occurrence, in: shown),
                                at: shownAt)
                        } catch { logger.error("\(error)") }
                    }
                case .failure(let error):
                    logger.error("cannot reword the summary of late reminders for the screen: \(error)")
                }
            }
        }
    }
}
