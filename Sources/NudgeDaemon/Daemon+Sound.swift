import Foundation
import NudgeCore
import NudgeSound
import NudgeStore

/// Sound: the gentle reminder sound, played by the server when it can and by nudge when it
/// cannot, never both; and the alarm, which nudge rings until it is answered.
extension Daemon {
    /// What nudge itself plays for a notification.
    enum Playback {
        case once(SoundSource)
        /// `offersAwake`: "I'm awake" stops it (from a button, or `nudge ack ID awake`).
        case ring(SoundSource, limit: TimeInterval, offersAwake: Bool)
    }

    /// The content as the server gets it (its sound hint, and "I'm awake" on a ringing alarm),
    /// and what nudge plays once the server has shown it.
    /// One that must be silent (no sound of its own, a sound set to none, sound.enabled false)
    /// says so to a server that plays sounds, which would otherwise play its default.
    func voiced(_ content: NotificationContent, settings: Settings) -> (NotificationContent, Playback?) {
        var silent = content
        if notifier.playsSounds { silent.soundHint = .suppress }
        guard settings.bool(.soundEnabled), let sound = content.sound else { return (silent, nil) }
        var voiced = content
        switch sound {
        case .once(let key):
            guard let source = playable(key, settings: settings) else { return (silent, nil) }
            if notifier.playsSounds {
                switch source {
                case .theme(let name): voiced.soundHint = .name(name)
                case .file(let path): voiced.soundHint = .file(path)
                }
                return (voiced, nil)
            }
            voiced.soundHint = .suppress
            return (voiced, .once(source))
        case .awaited(let key):
            guard let source = playable(key, settings: settings) else { return (silent, nil) }
            voiced.soundHint = .suppress
            return (voiced, .once(source))
        case .alarm(let key, let minutes, let offersAwake):
            guard let source = playable(key, settings: settings) else { return (silent, nil) }
            voiced.soundHint = .suppress
            if offersAwake, notifier.showsActions { voiced.actions.insert(.awake, at: 0) }
            return (voiced, .ring(source, limit: TimeInterval(settings.int(minutes) * 60), offersAwake: offersAwake))
        }
    }

    /// The sound `key` names, or its default where the file it names stopped being a regular
    /// file after it was chosen (a FIFO would hold the sound thread for good, and the alarm would
    /// be silent): one warning per file.
    func playable(_ key: SettingKey, settings: Settings) -> SoundSource? {
        guard let source = SoundSource(setting: settings[key]) else { return nil }
        guard case .file(let path) = source, let problem = SoundFile.notRegular(path) else { return source }
        if skippedSoundFiles.insert(path).inserted {
            logger.warning("sound: \(problem); \(key.rawValue) plays \(key.defaultValue) instead")
        }
        return SoundSource(setting: key.defaultValue)
    }

    /// Plays what `voiced` decided, once the server showed the notification.
    func play(_ playback: Playback?, deliveryID: Int64, notificationID: UInt32) {
        switch playback {
        case .once(let source):
            player.play(source)
        case .ring(let source, let limit, let offersAwake):
            ringsStarted += 1
            let number = ringsStarted
            let events = events
            player.ring(source, limit: limit) { events.push(.ringEnded(number)) }
            ringing = (deliveryID, notificationID, number, offersAwake)
            logger.info(
                "ringing for notification \(notificationID)",
                metadata: ["event": "ring_started", "notification": "\(notificationID)"])
        case nil:
            break
        }
    }

    /// The player stopped a ring by itself (its `dose.alarm_ring_minutes`, or no sound device):
    /// the notification stays, and nothing holds the lid any more.
    func ringEnded(_ number: Int) {
        guard let ringing, ringing.number == number else { return }
        self.ringing = nil
        logger.info(
            "stopped ringing for notification \(ringing.notificationID): its time to ring is over, or it could not sound",
            metadata: ["event": "ring_stopped", "notification": "\(ringing.notificationID)", "reason": "limit"])
    }

    func stopRinging(because reason: String) {
        guard let ringing else { return }
        self.ringing = nil
        player.stopRinging()
        logger.info(
            "stopped ringing for notification \(ringing.notificationID): \(reason)",
            metadata: ["event": "ring_stopped", "notification": "\(ringing.notificationID)", "reason": "\(reason)"])
    }

    /// After every plan: the alarm stops once its occurrence is answered, closed, no longer on
    /// screen, or no longer current (dose 2 or a skip recorded by anyone).
    func stopRingingIfSettled(input: ScheduleInput) throws {
        guard let ringing, let delivery = try store.delivery(id: ringing.deliveryID) else { return }
        if delivery.action != nil { return stopRinging(because: "answered") }
        if delivery.closedAt != nil { return stopRinging(because: "closed") }
        // One still on its way to the server is not on screen yet, nor replaced.
        if delivery.shownAt != nil, try store.latestShown(delivery.kind)?.id != delivery.id {
            return stopRinging(because: "replaced on screen")
        }
        if let rule = delivery.kind.rule as? any ReplacingRule,
            rule.screenState(ofKey: delivery.key, from: input, clock: wallClock) != .current
        {
            stopRinging(because: "no longer current")
        }
    }

    /// A daemon restarted while an alarm is unanswered on screen rings it again.
    func resumeRinging(input: ScheduleInput) throws {
        let now = configuration.clock.now()
        for case let rule as any ReplacingRule in ReminderRules.all {
            guard let live = try store.latestShown(rule.kind), live.closedAt == nil, live.action == nil,
                let id = live.notificationID,
                rule.screenState(ofKey: live.key, from: input, clock: wallClock) == .current,
                let content = rule.presentation(
                    for: Occurrence(kind: live.kind, key: live.key, dueAt: live.dueAt, title: live.title ?? ""),
                    now: now,
                    text: notifier.bodyText, from: input, clock: wallClock)?.notification
            else { continue }
            let (_, playback) = voiced(content, settings: input.settings)
            if case .ring = playback { play(playback, deliveryID: live.id, notificationID: id) }
        }
    }
}
