import Foundation
import NudgeCore
import NudgeNotifier
import NudgeStore

/// Notifications that replace themselves (the dose window's one notification): shown again when
/// a server lost them, brought up to date after a stale button, closed when finished; and any
/// notification answered from the terminal closed as a click would close it.
extension Daemon {
    /// A restarted server lost the resident notification of a state still current: show the
    /// present state again, under the new server's id. With `replacing`, the one on screen is
    /// brought up to date in place (a button that no longer applies was pressed).
    /// Nothing is done for a kind whose notifications do not replace themselves. With
    /// `ringingAgain`, its delivery as first shown, an alarm whose ringing stopped with its
    /// notification rings again for what is left of its time to ring, counted from then.
    /// True when it is on its way to the server.
    @discardableResult
    func reshowLiveNotification(
        of kind: ReminderKind, replacing: UInt32? = nil, ringingAgain firstShown: DeliveryRecord? = nil,
        because why: String
    ) throws -> Bool {
        let now = configuration.clock.now()
        guard let live = try store.latestShown(kind), live.closedAt == nil else { return false }
        let input = try scheduleInput(at: now, clock: wallClock)
        guard let rule = input.kind(kind), rule.isReplacing else { return false }
        let occurrence = Occurrence(kind: live.kind, key: live.key, dueAt: live.dueAt, title: live.title ?? "")
        guard rule.screenState(ofKey: live.key, from: input, clock: wallClock) == .current,
            var content = rule.presentation(
                for: occurrence, now: now, text: server.notifier.bodyText, from: input, clock: wallClock)?.notification
        else {
            logger.debug("\(live.key) is not shown again: its state is no longer current")
            return false
        }
        // Voiced as when first shown (silent to a server that would play its own sound over the
        // ring); what nudge plays goes on as it is, and "I'm awake" only while it rings.
        let playback: Ringer.Playback?
        (content, playback) = ringer.voiced(content, settings: input.settings, for: server.notifier)
        let ringAgain = ringer.ringing == nil ? firstShown.flatMap { ringingAgain(playback, of: $0, at: now) } : nil
        let ringing = ringer.ringing.map { $0.deliveryID == live.id } ?? false || ringAgain != nil
        if !ringing { content.actions.removeAll { $0.key == NotificationAction.awake.key } }
        let onScreen: NotificationContent
        (content, onScreen) = forServer(
            content, deliveryID: live.id,
            awakeStopsRinging: ringing && (ringer.ringing?.offersAwake ?? ringAgain?.offersAwake) == true,
            settings: input.settings)
        server.submit(onScreen, replacing: replacing, window: kind, ledgerFor: []) {
            [unowned self] result, shownAt, _ in
            switch result {
            case .success(let id):
                shownAgain(live, as: id, content: content, at: shownAt, ringingAgain: ringAgain, because: why)
            case .failure(let error):
                logger.error("cannot show \(live.key) again: \(error)")
            }
        }
        return true
    }

    /// `live` shown again as notification `id`: the alarm rings on for it (a click there stops
    /// it), or rings again for `ringAgain`'s time left, and the store records the showing.
    private func shownAgain(
        _ live: DeliveryRecord, as id: UInt32, content: NotificationContent, at shownAt: Date,
        ringingAgain ringAgain: (playback: Ringer.Playback, left: TimeInterval, offersAwake: Bool)?,
        because why: String
    ) {
        ringer.ringsOn(notification: id, forDelivery: live.id)
        if let ringAgain, ringer.ringing == nil {
            logger.info(
                "notification \(id) rings again for the \(Int(ringAgain.left.rounded(.up))) s left of its time to ring")
            ringer.play(ringAgain.playback, deliveryID: live.id, notificationID: id)
        }
        do {
            try store.markShownAgain(live.id, notificationID: id, content: content, at: shownAt)
            logger.info("shown \(live.key) again as notification \(id): \(why)")
        } catch {
            logger.error("\(error)")
        }
    }

    /// What is left of an alarm's time to ring (`playback`), counted from when `firstShown`
    /// began to ring; nil when nudge does not ring it, "I'm awake" stopped it, or its time is over.
    private func ringingAgain(_ playback: Ringer.Playback?, of firstShown: DeliveryRecord, at now: Date) -> (
        playback: Ringer.Playback, left: TimeInterval, offersAwake: Bool
    )? {
        guard case .ring(let source, let limit, let offersAwake) = playback, !isAwakeAnswered(firstShown) else {
            return nil
        }
        let left = RingTime.left(of: limit, for: firstShown, at: now)
        return left > 0 ? (.ring(source, limit: left, offersAwake: offersAwake), left, offersAwake) : nil
    }

    /// A finished state (dose 2 taken or skipped, from a button, the command line or another
    /// program) closes its notification still on screen, and any other of its window this
    /// server showed in the last day and still shows (one left beside it, as a server restart
    /// once left the pre-alarm beside the alarm).
    func closeFinishedLiveNotifications(input: ScheduleInput) throws {
        let since = max(
            server.serverSince.addingTimeInterval(-1), configuration.clock.now().addingTimeInterval(-86_400))
        for rule in input.kinds where rule.isReplacing {
            var open = try store.onScreen(rule.kind, shownAfter: since).filter(server.showed)
            if let live = try store.latestShown(rule.kind), live.closedAt == nil,
                !open.contains(where: { $0.id == live.id })
            {
                open.append(live)
            }
            for record in open {
                guard let id = record.notificationID,
                    rule.screenState(ofKey: record.key, from: input, clock: wallClock) == .finished, server.close(id)
                else { continue }
                logger.info("closed \(record.key) (notification \(id)): its state is recorded")
            }
        }
    }

    /// A reminder on screen whose reason is gone, settled from the command line or another
    /// program (a call logged, the mood after a session recorded), shown again (a medication's
    /// repeat), moved or deleted (your own reminder): a kind that says so has it closed, as a
    /// finished dose alarm is.
    /// Only this server's (`showed`: also in the second it appeared) of the last day (an older
    /// id may be another program's by now).
    func closeSettledNotifications(input: ScheduleInput) throws {
        let since = max(
            server.serverSince.addingTimeInterval(-1), configuration.clock.now().addingTimeInterval(-86_400))
        for rule in input.kinds where rule.closesWhenSettledElsewhere && rule.isEnabled(input) {
            for record in try store.onScreen(rule.kind, shownAfter: since) where server.showed(record) {
                guard let id = record.notificationID, !rule.isCurrent(key: record.key, from: input, clock: wallClock),
                    server.close(id)
                else { continue }
                // Not "answered": a repeat shown in its place, or a reminder moved, closes it too.
                logger.info(
                    "closed \(record.key) (notification \(id)), no answer: no longer current (shown again, settled another way, moved or deleted)"
                )
            }
        }
    }

    /// An answer from the terminal (`nudge ack`) closes the notification it answered, as a
    /// click would; otherwise it would stay up, and a later click on it would change nothing.
    /// Only answers of the last hour: an older id may belong to another program's notification
    /// by now (a restarted server counts from 1 again).
    func closeAnsweredNotifications() throws {
        let since = configuration.clock.now().addingTimeInterval(-3600)
        var closed: Set<UInt32> = []
        // From the second the server now on the bus appeared: only what it showed (`showed`).
        for answered in try store.answeredOnScreen(since: since, shownAfter: server.serverSince.addingTimeInterval(-1))
        where server.showed(answered) {
            guard let id = answered.notificationID, closed.insert(id).inserted, server.close(id) else { continue }
            logger.info("closed notification \(id): it is answered")
        }
    }

    /// A restore rolled back the deliveries of notifications still on screen: they answer
    /// nothing now (their ids are never given again), and an occurrence the backup still owes
    /// is shown anew beside them. Those this server showed in the last day are closed; the
    /// rest are gone with their server, or no longer surely nudge's.
    func closeRolledBackNotifications() throws {
        let named = try store.rolledBackNotifications()
        guard !named.isEmpty else { return }
        let since = configuration.clock.now().addingTimeInterval(-86_400)
        // One the daemon recorded again as still on screen (`keepOnScreen`) stays.
        for notification in named
        where try notification.shownAt > since && !store.recordsShown(notification)
            && closeRolledBack(notification.notificationID, shownAt: notification.shownAt)
        {
            logger.info("closed notification \(notification.notificationID): a restore rolled its reminder back")
        }
        try store.forgetRolledBack(named)
    }

    /// A daemon restarted while an alarm is unanswered on screen rings it again for what is left
    /// of its time to ring (``RingTime``), not from zero; one the start's own plan has just shown
    /// rings already, and is not started twice; one whose ringing "I'm awake" stopped, or whose
    /// time to ring is over, is not rung again (a follow-up shown after it is another delivery).
    func resumeRinging(input: ScheduleInput) throws {
        let now = configuration.clock.now()
        for rule in input.kinds where rule.isReplacing {
            guard let live = try store.latestShown(rule.kind), live.closedAt == nil, live.action == nil,
                ringer.ringing?.deliveryID != live.id,
                let id = live.notificationID,
                rule.screenState(ofKey: live.key, from: input, clock: wallClock) == .current,
                let content = rule.presentation(
                    for: Occurrence(kind: live.kind, key: live.key, dueAt: live.dueAt, title: live.title ?? ""),
                    now: now,
                    text: server.notifier.bodyText, from: input, clock: wallClock)?.notification
            else { continue }
            let (_, playback) = ringer.voiced(content, settings: input.settings, for: server.notifier)
            guard case .ring(let source, let limit, let offersAwake) = playback else { continue }
            guard !isAwakeAnswered(live) else {
                logger.info(
                    "not ringing notification \(id) again: I'm awake stopped it",
                    metadata: ["event": "ring_not_resumed", "notification": "\(id)", "reason": "awake"])
                continue
            }
            let left = RingTime.left(of: limit, for: live, at: now)
            guard left > 0 else {
                let over = RingTime.startedAt(live).map { wallClock.timeOfDay($0.addingTimeInterval(limit)) } ?? "?"
                logger.info(
                    "not ringing notification \(id) again: its time to ring (\(Int(limit / 60)) min) was over at \(over); it stays for an answer",
                    metadata: ["event": "ring_not_resumed", "notification": "\(id)", "reason": "over"])
                continue
            }
            logger.info("notification \(id) rings again for the \(Int(left.rounded(.up))) s left of its time to ring")
            ringer.play(.ring(source, limit: left, offersAwake: offersAwake), deliveryID: live.id, notificationID: id)
        }
    }

    /// A store that cannot say counts as no answer: it rings again rather than stay silent.
    private func isAwakeAnswered(_ delivery: DeliveryRecord) -> Bool {
        do { return try store.isAwakeAnswered(delivery) } catch {
            logger.error("\(error)")
            return false
        }
    }
}
