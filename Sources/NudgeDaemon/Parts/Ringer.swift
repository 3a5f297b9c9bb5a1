import Foundation
import Logging
import NudgeCore
import NudgeNotifier
import NudgeSleep
import NudgeSound
import NudgeStore

/// Sound: the gentle reminder sound, played by the server when it can and by nudge when it
/// cannot, never both; and the alarm, which nudge rings until it is answered.
final class Ringer {
    /// What nudge itself plays for a notification.
    enum Playback {
        case once(SoundSource)
        /// `offersAwake`: "I'm awake" stops it (from a button, or `nudge ack ID awake`).
        case ring(SoundSource, limit: TimeInterval, offersAwake: Bool)

        /// Whether it is a ring that "I'm awake" stops.
        var offersAwake: Bool {
            if case .ring(_, _, let offersAwake) = self { return offersAwake }
            return false
        }
    }

    /// An alarm ringing: the delivery, the notification it rings for, its number among this
    /// run's rings (the player's word that a ring ended names it), and whether "I'm awake" stops
    /// it.
    typealias Ring = (deliveryID: Int64, notificationID: UInt32, number: Int, offersAwake: Bool)

    /// nudge's own sounds; a context exists only while one plays, or shortly before an alarm.
    private let player: any SoundPlayer
    private let store: Store
    private let events: EventQueue
    private let logger: Logger
    /// Tells the commands which delivery rings now and which one "I'm awake" stops (`nudge ack
    /// ID awake` reads them in what the daemon publishes), or none.
    private let publishRinging: (_ ringing: Int64?, _ awakeStops: Int64?) -> Void
    /// The alarm ringing now.
    private(set) var ringing: Ring? {
        didSet {
            if (ringing == nil) != (oldValue == nil) { holdLidWhileRinging() }
            publishRinging(ringing?.deliveryID, ringing.flatMap { $0.offersAwake ? $0.deliveryID : nil })
        }
    }
    private var ringsStarted = 0
    /// Held while an alarm rings: a closed lid would put the computer to sleep and silence it.
    private let lidInhibitor = SleepInhibitor(what: "handle-lid-switch")
    /// Sound files found not to be regular files, each warned about once (`playable`).
    private var skippedSoundFiles: Set<String> = []

    init(
        player: any SoundPlayer, store: Store, events: EventQueue, logger: Logger,
        publishRinging: @escaping (_ ringing: Int64?, _ awakeStops: Int64?) -> Void
    ) {
        self.player = player
        self.store = store
        self.events = events
        self.logger = logger
        self.publishRinging = publishRinging
    }

    /// The content as `server` gets it (its sound hint, and "I'm awake" on a ringing alarm),
    /// and what nudge plays once the server has shown it.
    /// One that must be silent (no sound of its own, a sound set to none, sound.enabled false)
    /// says so to a server that plays sounds, which would otherwise play its default.
    /// `serverHolds`: the server holds back even critical notifications now (a paused dunst),
    /// so nudge plays the sound itself.
    func voiced(
        _ content: NotificationContent, settings: Settings, for server: any Notifier, serverHolds: Bool = false
    ) -> (NotificationContent, Playback?) {
        var silent = content
        if server.playsSounds { silent.soundHint = .suppress }
        guard settings.bool(.soundEnabled), let sound = content.sound else { return (silent, nil) }
        var voiced = content
        switch sound {
        case .once(let key):
            guard let source = playable(key, settings: settings) else { return (silent, nil) }
            if server.playsSounds, !serverHolds {
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
            if offersAwake, server.showsActions { voiced.actions.insert(.awake, at: 0) }
            return (voiced, .ring(source, limit: TimeInterval(settings.int(minutes) * 60), offersAwake: offersAwake))
        }
    }

    /// The sound `key` names, or its default where the file it names stopped being a regular
    /// file after it was chosen (a FIFO would hold the sound thread for good, and the alarm would
    /// be silent): one warning per file.
    private func playable(_ key: SettingKey, settings: Settings) -> SoundSource? {
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
            // 0: the server has not given its id yet (`ringsOn` says it when it does).
            guard notificationID != 0 else {
                return logger.info(
                    "ringing for delivery \(deliveryID), whose notification is on its way to the server",
                    metadata: ["event": "ring_started", "delivery": "\(deliveryID)"])
            }
            logger.info(
                "ringing for notification \(notificationID)",
                metadata: ["event": "ring_started", "notification": "\(notificationID)"])
        case nil:
            break
        }
    }

    /// Plays `source` once (a bell, the warning before sleep); `finished` runs when it did.
    func play(_ source: SoundSource, finished: @escaping @Sendable () -> Void = {}) {
        player.play(source, finished: finished)
    }

    /// The next alarm rings at `instant` (real time; nil: none is planned): the player gets
    /// ready shortly before it.
    func prepareToRing(at instant: Date?) {
        player.prepareToRing(at: instant)
    }

    /// The ringing delivery, claimed in memory while the store refused writes, has its row now.
    func recorded(_ claimedInMemory: Int64, as deliveryID: Int64) {
        guard ringing?.deliveryID == claimedInMemory else { return }
        ringing?.deliveryID = deliveryID
    }

    /// The server showed the ringing alarm under another id (its first answer, or a
    /// notification that replaced it): a click there stops it.
    func ringsOn(notification id: UInt32, forDelivery deliveryID: Int64) {
        guard let ringing, ringing.deliveryID == deliveryID else { return }
        self.ringing?.notificationID = id
        // Said once, when the server first gives the id; a replacement's id changes nothing heard.
        guard ringing.notificationID == 0 else { return }
        logger.info(
            "ringing for notification \(id), the server's id for delivery \(deliveryID)",
            metadata: ["event": "ring_on", "notification": "\(id)", "delivery": "\(deliveryID)"])
    }

    /// The player stopped a ring by itself at its `dose.alarm_ring_minutes` (one without a sound
    /// device rings silent that long, for "I'm awake"): the notification stays, and nothing
    /// holds the lid any more.
    func ringEnded(_ number: Int) {
        guard let ringing, ringing.number == number else { return }
        self.ringing = nil
        logger.info(
            "stopped ringing for notification \(ringing.notificationID): its time to ring is over",
            metadata: ["event": "ring_stopped", "notification": "\(ringing.notificationID)", "reason": "limit"])
    }

    func stop(because reason: String) {
        guard let ringing else { return }
        self.ringing = nil
        player.stopRinging()
        logger.info(
            "stopped ringing for notification \(ringing.notificationID): \(reason)",
            metadata: ["event": "ring_stopped", "notification": "\(ringing.notificationID)", "reason": "\(reason)"])
    }

    /// After every plan: the alarm stops once its occurrence is answered, closed, no longer on
    /// screen, or no longer current (dose 2 or a skip recorded by anyone).
    func stopIfSettled(input: ScheduleInput, clock wallClock: WallClock) throws {
        guard let ringing, let delivery = try store.delivery(id: ringing.deliveryID) else { return }
        if delivery.action != nil { return stop(because: "answered") }
        if delivery.closedAt != nil { return stop(because: "closed") }
        // One still on its way to the server is not on screen yet, nor replaced.
        if delivery.shownAt != nil, try store.latestShown(delivery.kind)?.id != delivery.id {
            return stop(because: "replaced on screen")
        }
        if let state = input.kind(delivery.kind)?.screenState(ofKey: delivery.key, from: input, clock: wallClock),
            state != .current
        {
            stop(because: "no longer current")
        }
    }

    /// A ringing alarm (after a wake for it, or with the person at the computer) is not silenced
    /// by closing the lid: logind's lid switch is held until the ringing stops.
    private func holdLidWhileRinging() {
        do {
            try lidInhibitor.hold(ringing == nil ? nil : "an alarm rings until it is answered")
            logger.info(
                ringing == nil
                    ? "the lid switch suspends again" : "a closed lid does not suspend while the alarm rings",
                metadata: ["event": "lid", "held": ringing == nil ? "no" : "yes"])
        } catch {
            logger.debug("lid switch: \(error)")
        }
    }
}
