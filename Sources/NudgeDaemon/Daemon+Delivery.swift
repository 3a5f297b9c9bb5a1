import Foundation
import NudgeCore
import NudgeNotifier
import NudgeSound
import NudgeStore

/// Delivery: each due occurrence is claimed in the store, worded by its rule, shown, and
/// recorded as shown the moment the server accepted it.
extension Daemon {
    /// Shows what is due: several found late at once as one summary of them all
    /// (`LateSummary`), then as one summary for a kind with more due than it wants popping up,
    /// one by one otherwise. Each occurrence is in one notification: the late summary takes a
    /// summarizing kind's late ones too, so that one notification, not two, says what was late.
    func deliver(_ due: [Occurrence], input: ScheduleInput, wallClock: WallClock) throws {
        // One by one, so that each is held, or rung if it is a bell, by itself.
        for occurrence in due where waitsForDoNotDisturb(occurrence, input: input) {
            try deliver(occurrence, input: input, wallClock: wallClock)
        }
        let due = due.filter { !waitsForDoNotDisturb($0, input: input) }
        let late = LateSummary.select(due, now: configuration.clock.now(), input: input)
        var single = try deliverLateSummary(of: late, input: input, wallClock: wallClock)
        single += due.filter { !late.contains($0) }
        let unsummarized = single
        for rule in input.kinds {
            guard let threshold = rule.summaryThreshold else { continue }
            let ofKind = unsummarized.filter { $0.kind == rule.kind }
            guard ofKind.count > threshold else { continue }
            try deliverSummary(of: ofKind, by: rule, input: input, wallClock: wallClock)
            single.removeAll { $0.kind == rule.kind }
        }
        for occurrence in single {
            try deliver(occurrence, input: input, wallClock: wallClock)
        }
    }

    private func deliver(_ occurrence: Occurrence, input: ScheduleInput, wallClock: WallClock) throws {
        guard let rule = input.kind(occurrence.kind), let claimed = try claimOrHold(occurrence) else { return }
        let now = configuration.clock.now()
        let content: NotificationContent
        switch rule.presentation(
            for: occurrence, now: now, text: server.notifier.bodyText, from: input, clock: wallClock)
        {
        case nil:
            return try store.cancel(occurrence, at: now)
        case .bell(let sound, _):
            return ringBell(sound, for: occurrence, claimed: claimed, settings: input.settings)
        case .notification(let shown):
            if waitsForDoNotDisturb(occurrence, input: input) {
                return try holdForDoNotDisturb(occurrence, claimed: claimed)
            }
            content = shown
        }
        // What a replacing kind shows last is on screen in its place.
        let live = rule.isReplacing ? try latestShownUnlessUnreadable(rule.kind) : nil
        if claimed.shownAt != nil, let live, live.id != claimed.id {
            // Owed again after it expired unseen, but a later state of its kind was shown since
            // (the alarm after its pre-alarm): showing it would put the past over the present.
            logger.info("\(occurrence.key) is not shown again: a later notification of its kind replaced it")
            return try store.cancel(occurrence, at: now)
        }
        if let live, live.id != claimed.id, live.closedAt == nil, live.dueAt > occurrence.dueAt {
            // A later state is on screen, recorded again after a restore rolled back the plan
            // that gave this one up (the window's opening, under the alarm): too late to show.
            return try recordMissed([occurrence], at: now)
        }
        guard server.knowsServer(for: [occurrence]) else { return }
        show(
            content, window: rule.isReplacing ? rule.kind : nil, for: [(occurrence, claimed)], settings: input.settings)
    }

    /// The notification a replacing kind's next showing replaces: its latest, while open on the
    /// server now on the bus. A restarted server's first showing of the window replaces nothing
    /// (the id is the old server's, which a new server may give to another notification).
    private func windowOnScreen(_ kind: ReminderKind) -> UInt32? {
        do {
            guard let live = try store.latestShown(kind), live.closedAt == nil, server.showed(live) else { return nil }
            return live.notificationID
        } catch {
            logger.error("\(error)")
            return nil
        }
    }

    /// One notification names them all.
    private func deliverSummary(
        of due: [Occurrence], by rule: any PlannedKind, input: ScheduleInput, wallClock: WallClock
    ) throws {
        var claimed: [(Occurrence, DeliveryRecord)] = []
        for occurrence in due {
            if let record = try claimOrHold(occurrence) { claimed.append((occurrence, record)) }
        }
        guard !claimed.isEmpty, server.knowsServer(for: claimed.map(\.0)) else { return }
        guard
            let summary = rule.summary(
                of: claimed.map(\.0), text: server.notifier.bodyText, from: input, clock: wallClock)
        else { return }
        // Each recorded under its own title: history and `nudge ack` name each one.
        show(summary, window: nil, for: claimed, settings: input.settings) { SummaryRecord.recorded($0, in: $1) }
    }

    /// One notification names the late ones; each is recorded as shown in it, under its own
    /// title, so that a restarted daemon shows none of them again. Returns what is left to show
    /// by itself (one alone still owed).
    private func deliverLateSummary(of late: [Occurrence], input: ScheduleInput, wallClock: WallClock) throws
        -> [Occurrence]
    {
        var claimed: [(Occurrence, DeliveryRecord)] = []
        for occurrence in late {
            if let record = try claimOrHold(occurrence) { claimed.append((occurrence, record)) }
        }
        guard claimed.count >= LateSummary.least else { return claimed.map(\.0) }
        guard server.knowsServer(for: claimed.map(\.0)) else { return [] }
        let cause = lateCause(of: claimed.map(\.0), input: input)
        // A locked screen names a private kind's neutrally; the unlock rewords it.
        let summary = LateSummary.content(
            of: claimed.map(\.0), now: configuration.clock.now(), input: input, clock: wallClock,
            text: server.notifier.bodyText, cause: cause, hidingPrivate: server.screen.hidesPrivateText(input.settings))
        logger.info(
            "summarizing \(claimed.count) late reminders in one notification",
            metadata: ["event": "late_summary", "count": "\(claimed.count)"])
        show(summary, window: nil, for: claimed, settings: input.settings) { LateSummary.recorded($0, in: $1) }
        return []
    }

    /// Hands one notification for these claimed occurrences to the server, and records it as
    /// soon as the server accepted it; a server that refuses leaves them owed until one
    /// appears. The loop goes on meanwhile: until the answer, they are `showing`.
    /// `recordedAs` words what the store keeps for each occurrence (as shown, by default).
    private func show(
        _ content: NotificationContent, window: ReminderKind?, for occurrences: [(Occurrence, DeliveryRecord)],
        settings: Settings,
        recordedAs: @escaping (Occurrence, NotificationContent) -> NotificationContent = { $1 }
    ) {
        var content = content
        // Only what breaks through Do Not Disturb is sent while it counts as on: not while
        // nudge puts back its own, whose end the desktop may not have said yet, when what it
        // held is released (hostile round on issue 41: a released reminder went critical).
        if doNotDisturb.quieting.counted(doNotDisturb.state).isOn { content.urgency = .critical }
        if configuration.terminal == nil { content.actions.removeAll(where: \.needsTerminal) }
        let playback: Ringer.Playback?
        (content, playback) = ringer.voiced(
            content, settings: settings, for: server.notifier, serverHolds: doNotDisturb.state.serverHoldsCritical)
        let onScreen: NotificationContent
        (content, onScreen) = forServer(
            content, deliveryID: occurrences.count == 1 ? occurrences.first?.1.id : nil,
            awakeStopsRinging: playback?.offersAwake == true, settings: settings)
        let locked = server.screen.isLocked
        // An alarm rings from now, not from the server's answer: a hung server (25 s, or for
        // good) must not make it silent. It rings for notification 0 until the server gives an id.
        if case .ring = playback, let (_, first) = occurrences.first, ringer.ringing?.deliveryID != first.id {
            ringer.play(playback, deliveryID: first.id, notificationID: 0)
        }
        let shownContent = content
        let replacing: () -> UInt32? = { [unowned self] in window.flatMap(windowOnScreen) }
        server.submit(
            onScreen, replacing: replacing, window: window, showing: occurrences.map(\.0.key),
            ledgerFor: occurrences.map(\.1.id)
        ) { [unowned self] result, now, lines in
            shown(
                result, at: now, lines: lines, content: shownContent, for: occurrences, playback: playback,
                recordedAs: recordedAs)
            // The lock came or went while it was on its way: it takes the screen's words now
            // (a summary naming a private one too).
            if locked != server.screen.isLocked {
                do { try rewordPrivateOnScreen() } catch { logger.error("\(error)") }
            }
        }
    }

    /// The server's answer to `show`. Its "shown" lines are in the click ledger already: a kill
    /// before the store has it neither shows it again nor loses a click on it.
    private func shown(
        _ result: Result<UInt32, NotifierError>, at now: Date, lines: [ClickLedger.Line],
        content: NotificationContent, for occurrences: [(Occurrence, DeliveryRecord)], playback: Ringer.Playback?,
        recordedAs: (Occurrence, NotificationContent) -> NotificationContent
    ) {
        let id: UInt32
        switch result {
        case .failure(let error):
            return server.refused(occurrences.map(\.0.key), because: error.description)
        case .success(let accepted):
            id = accepted
        }
        server.accepted()
        // Before the store has it: an id on screen is never one a restore could give again.
        // Not one claimed in memory (below zero): it is recorded beside the store once claimed.
        if let last = occurrences.map(\.1.id).max(), last > 0 { recordDeliveriesBesideTheStore(through: last) }
        for ((occurrence, claimed), line) in zip(occurrences, lines) {
            if recordShown(claimed, notificationID: id, content: recordedAs(occurrence, content), at: now, line: line) {
                server.recorded(line)
            }
            logger.info(
                "shown \(occurrence.key) as notification \(id)",
                metadata: ["event": "shown", "key": "\(occurrence.key)", "notification": "\(id)"])
        }
        guard let (_, first) = occurrences.first else { return }
        if case .ring = playback {
            ringer.ringsOn(notification: id, forDelivery: first.id)
        } else {
            ringer.play(playback, deliveryID: first.id, notificationID: id)
        }
    }

    /// A bell: nothing goes to the server, and nothing to the click ledger; it is recorded as
    /// sounded (its title as claimed), then nudge plays it. A kill in between loses one bell
    /// rather than ringing it twice.
    private func ringBell(_ sound: SettingKey, for occurrence: Occurrence, claimed: DeliveryRecord, settings: Settings)
    {
        recordShown(claimed, notificationID: nil, content: nil, at: configuration.clock.now())
        logger.info("rang \(occurrence.key)")
        if settings.bool(.soundEnabled), let source = SoundSource(setting: settings[sound]) { ringer.play(source) }
    }

    /// Records that the server accepted a delivery (or a bell sounded), with what its rule
    /// writes when shown; true once the store has it. One claimed in memory, or refused now,
    /// waits with its ledger `line` in ``RecordsAwaitingStore``.
    @discardableResult
    func recordShown(
        _ delivery: DeliveryRecord, notificationID: UInt32?, content: NotificationContent?, at instant: Date,
        line: ClickLedger.Line? = nil
    ) -> Bool {
        guard delivery.id > 0 else {
            awaitingStore.shown(delivery, notificationID: notificationID, content: content, at: instant, line: line)
            return false
        }
        do {
            try store.markShown(
                delivery.id, notificationID: notificationID, content: content, at: instant,
                clock: wallClock)
            server.shownDeliveries.remember(delivery, notificationID: notificationID, content: content, at: instant)
            return true
        } catch {
            logger.error("\(Self.said(error))")
            if Self.isRefusal(error) {
                awaitingStore.shown(delivery, notificationID: notificationID, content: content, at: instant, line: line)
            }
            return false
        }
    }

    /// Why what is late is late (``LateCause``): came due before this daemon started, on a
    /// machine up since, or while it slept.
    func lateCause(of occurrences: [Occurrence], input: ScheduleInput) -> LateCause {
        LateCause.of(
            occurrences, input: input, machineUpSince: configuration.clock.upSince(),
            daemonStartedAt: planner.daemonStartedAt)
    }
}
