import Foundation
import NudgeCore
import NudgeNotifier
import NudgeSound
import NudgeStore

/// Delivery: each due occurrence is claimed in the store, worded by its rule, shown, and
/// recorded as shown the moment the server accepted it.
extension Daemon {
    /// Shows what is due: as one summary for a kind with more due than it wants popping up,
    /// one by one otherwise.
    func deliver(_ due: [Occurrence], input: ScheduleInput, wallClock: WallClock) throws {
        var single = due
        for rule in ReminderRules.all {
            guard let summarizing = rule as? any SummarizingRule else { continue }
            let ofKind = due.filter { $0.kind == rule.kind }
            guard ofKind.count > summarizing.summaryThreshold else { continue }
            try deliverSummary(of: ofKind, by: summarizing, input: input, wallClock: wallClock)
            single.removeAll { $0.kind == rule.kind }
        }
        for occurrence in single {
            try deliver(occurrence, input: input, wallClock: wallClock)
        }
    }

    private func deliver(_ occurrence: Occurrence, input: ScheduleInput, wallClock: WallClock) throws {
        guard let rule = occurrence.kind.rule, let claimed = try store.claim(occurrence) else { return }
        let now = configuration.clock.now()
        let content: NotificationContent
        switch rule.presentation(for: occurrence, now: now, text: notifier.bodyText, from: input, clock: wallClock) {
        case nil:
            return try store.cancel(occurrence, at: now)
        case .bell(let sound, _):
            return ringBell(sound, for: occurrence, claimed: claimed, settings: input.settings)
        case .notification(let shown):
            content = shown
        }
        var replacing: UInt32?
        if rule is any ReplacingRule, let live = try store.latestShown(rule.kind), live.closedAt == nil {
            replacing = live.notificationID
        }
        try show(content, replacing: replacing, for: [(occurrence, claimed)], settings: input.settings)
    }

    /// One notification names them all.
    private func deliverSummary(
        of due: [Occurrence], by rule: any SummarizingRule, input: ScheduleInput, wallClock: WallClock
    ) throws {
        var claimed: [(Occurrence, DeliveryRecord)] = []
        for occurrence in due {
            if let record = try store.claim(occurrence) { claimed.append((occurrence, record)) }
        }
        guard !claimed.isEmpty else { return }
        let summary = rule.summary(of: claimed.map(\.0), text: notifier.bodyText, from: input, clock: wallClock)
        try show(summary, replacing: nil, for: claimed, settings: input.settings)
    }

    /// Shows one notification for these claimed occurrences and records it as soon as the
    /// server accepted it; a server that refuses leaves them owed until one appears.
    private func show(
        _ content: NotificationContent, replacing: UInt32?, for occurrences: [(Occurrence, DeliveryRecord)],
        settings: Settings
    ) throws {
        var content = content
        if configuration.terminal == nil { content.actions.removeAll(where: \.needsTerminal) }
        if !notifier.showsActions, occurrences.count == 1, let (_, claimed) = occurrences.first {
            content = content.answeredFromTerminal(deliveryID: claimed.id)
        }
        let playback: Playback?
        (content, playback) = voiced(content, settings: settings)
        let id: UInt32
        do {
            id = try notifier.show(content, replacing: replacing)
        } catch {
            for (occurrence, _) in occurrences { awaitingServer.insert(occurrence.key) }
            if !reportedServerProblem {
                reportedServerProblem = true
                logger.error(
                    "cannot show notifications: \(error); reminders stay due and are shown when a notification server appears",
                    metadata: ["event": "server_unavailable"])
            }
            return
        }
        reportedServerProblem = false
        let now = configuration.clock.now()
        // On disk before the store, which may be locked for seconds: a kill in between must
        // neither show it again nor lose a click on it.
        let lines = occurrences.map { ledger.append(.shown(deliveryID: $0.1.id, notificationID: id), at: now) }
        for ((occurrence, claimed), line) in zip(occurrences, lines) {
            if recordShown(claimed, notificationID: id, content: content, at: now), let line {
                recordedLines.append(line)
            }
            logger.info(
                "shown \(occurrence.key) as notification \(id)",
                metadata: ["event": "shown", "key": "\(occurrence.key)", "notification": "\(id)"])
        }
        if let (_, first) = occurrences.first { play(playback, deliveryID: first.id, notificationID: id) }
    }

    /// A bell: nothing goes to the server, and nothing to the click ledger; it is recorded as
    /// sounded (its title as claimed), then nudge plays it. A kill in between loses one bell
    /// rather than ringing it twice.
    private func ringBell(_ sound: SettingKey, for occurrence: Occurrence, claimed: DeliveryRecord, settings: Settings)
    {
        recordShown(claimed, notificationID: nil, content: nil, at: configuration.clock.now())
        logger.info("rang \(occurrence.key)")
        if settings.bool(.soundEnabled), let source = SoundSource(setting: settings[sound]) { player.play(source) }
    }

    /// Records that the server accepted a delivery (or a bell sounded), with what its rule
    /// writes when shown; true once the store has it.
    @discardableResult
    func recordShown(
        _ delivery: DeliveryRecord, notificationID: UInt32?, content: NotificationContent?, at instant: Date
    ) -> Bool {
        do {
            try store.markShown(
                delivery.id, notificationID: notificationID, content: content, at: instant,
                clock: wallClock)
            return true
        } catch {
            logger.error("\(error)")
            return false
        }
    }
}
