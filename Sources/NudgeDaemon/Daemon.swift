import Foundation
import Logging
import NudgeCore
import NudgeNotifier
import NudgeSound
import NudgeStore
import NudgeSystem
import Synchronization

/// The reminder daemon: sleeps until the next due instant and wakes only for it, for another
/// process's write to the store, a clock change, a signal, or the notification server.
///
/// Every wake recomputes the plan from the store, so a restarted daemon, or one that was
/// stopped across a due instant, does exactly what a daemon that never stopped would have done.
/// It keeps the loop (`Loop/`) and the wiring between its parts (`Parts/`), which each own
/// their state: the planner's memory, the link to the notification server, the ringing, the
/// sleep guard, the ambient sound, and the store's upkeep (its backups and checkpoints). The wiring:
/// planning (Daemon+Planning), delivery (Daemon+Delivery), answers (Daemon+Answers),
/// notifications that replace themselves (Daemon+LiveNotification), private text on a locked
/// screen (Daemon+LockedScreen), Do Not Disturb and the desktop quieted for a span such as a
/// meditation (Daemon+DoNotDisturb, `DesktopQuieting`), the sleep's warning
/// (Daemon+Sleep), and the event sources (Daemon+EventSources). The escalation of an alarm
/// beyond this computer is planned with the rest and sent before a sleep.
public final class Daemon {
    public struct Configuration: Sendable {
        public var storePath: String
        public var clock: DaemonClock
        public var timeZone: SystemTimeZone
        /// Where an answer's command runs; nil: actions that need a terminal are not offered.
        public var terminal: TerminalLauncher?
        /// The person's clock format and weekday names, read again at every plan (a changed
        /// desktop setting is followed from the next one).
        public var personClock: @Sendable () -> PersonClock
        /// The RTC's wake alarm file: where there is none, nothing resumes the machine.
        public var rtcWakeAlarm: String
        /// Where systemd's word reaches the daemon: NOTIFY_SOCKET, WATCHDOG_USEC, WATCHDOG_PID.
        public var serviceEnvironment: [String: String]
        /// How long after a server on the bus failed to answer it is asked again.
        public var serverRetry: TimeInterval
        /// The kinds it plans, shows and answers: every kind nudge has (nil), or those a test
        /// chose.
        public var kinds: [ReminderKind]?
        /// How long `alarm.escalate_command` may run before it is killed.
        public var escalationLimit: TimeInterval
        /// How long a late answer to Plasma's `Inhibit` is listened for (`DoNotDisturbWatch`).
        public var inhibitLateAnswer: TimeInterval
        /// The session whose lock hides private text (`XDG_SESSION_ID`); nil: the user's display
        /// session.
        public var sessionID: String?
        /// The session bus whose notification server says whether it is inhibited (Plasma) or
        /// paused (dunst); nil: none is asked.
        public var sessionBus: String?
        /// Whether GNOME's `show-banners` is read (GSettings' backend can run here).
        public var readsDesktopSettings: Bool
        /// Whether the desktop is GNOME, whose `show-banners` a meditation may turn off.
        public var desktopIsGNOME: Bool
        /// The system bus whose logind says whether that session is locked; nil:
        /// `DBUS_SYSTEM_BUS_ADDRESS`, else the system's.
        public var systemBus: String?

        public init(
            storePath: String, clock: DaemonClock = DaemonClock(), timeZone: SystemTimeZone = SystemTimeZone(),
            terminal: TerminalLauncher? = TerminalLauncher.find(environment: ProcessInfo.processInfo.environment),
            personClock: @escaping @Sendable () -> PersonClock = {
                PersonClock.current(environment: ProcessInfo.processInfo.environment)
            },
            rtcWakeAlarm: String = RTCWakeAlarm.path(environment: ProcessInfo.processInfo.environment),
            serviceEnvironment: [String: String] = ProcessInfo.processInfo.environment,
            serverRetry: TimeInterval = 30, kinds: [ReminderKind]? = nil, escalationLimit: TimeInterval = 30,
            inhibitLateAnswer: TimeInterval = 25,
            sessionID: String? = ProcessInfo.processInfo.environment["XDG_SESSION_ID"], systemBus: String? = nil,
            sessionBus: String? = ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"],
            readsDesktopSettings: Bool = PersonClock.dconfCanRun(ProcessInfo.processInfo.environment),
            desktopIsGNOME: Bool = DoNotDisturbWatch.desktopIsGNOME(ProcessInfo.processInfo.environment)
        ) {
            self.storePath = storePath
            self.clock = clock
            self.timeZone = timeZone
            self.terminal = terminal
            self.personClock = personClock
            self.rtcWakeAlarm = rtcWakeAlarm
            self.serviceEnvironment = serviceEnvironment
            self.serverRetry = serverRetry
            self.kinds = kinds
            self.escalationLimit = escalationLimit
            self.inhibitLateAnswer = inhibitLateAnswer
            self.sessionID = sessionID
            self.systemBus = systemBus
            self.sessionBus = sessionBus
            self.readsDesktopSettings = readsDesktopSettings
            self.desktopIsGNOME = desktopIsGNOME
        }
    }

    public typealias NotifierFactory = (@escaping @Sendable (NotifierEvent) -> Void) -> any Notifier

    let configuration: Configuration
    let logger: Logger
    let store: Store
    var descriptors: LoopDescriptors
    var planner: PlannerMemory
    let server: ServerLink
    let ringer: Ringer
    let sleepGuard: SleepGuard
    let ambience: AmbiencePlayback
    let upkeep: StoreUpkeep
    let escalator: Escalator
    let doNotDisturb: DoNotDisturbHold
    let awaitingStore: RecordsAwaitingStore

    var events: EventQueue { descriptors.events }
    /// The local clock every notification and log line says times by.
    var wallClock: WallClock { planner.wallClock }

    /// Opens the store, takes its lock and makes the descriptors; nothing is shown and the bus
    /// is not touched until `run()`.
    public init(
        _ configuration: Configuration, logger: Logger,
        makeNotifier: @escaping NotifierFactory = { LibnotifyNotifier(onEvent: $0) },
        player: (any SoundPlayer)? = nil, ambientPlayer: (any AmbientPlayer)? = nil
    ) throws(DaemonError) {
        self.configuration = configuration
        self.logger = logger
        store = try Self.openStore(configuration)
        for kept in ForeignLog.take() { logger.warning("\(ForeignLog.said(kept))") }
        descriptors = try LoopDescriptors(configuration: configuration)
        let lock = descriptors.lock
        // Weak: the lock goes when `run()` returns, whatever still publishes.
        sleepGuard = try SleepGuard(
            rtcWakeAlarm: configuration.rtcWakeAlarm, clock: configuration.clock, events: descriptors.events,
            logger: logger
        ) { [weak lock] in lock?.publish($0.mapValues { $0 }) }
        let zone = configuration.timeZone.resolve()
        planner = PlannerMemory(
            timeZone: zone.rules, personClock: configuration.personClock(), startedAt: configuration.clock.now(),
            logger: logger)
        if let problem = zone.problem { logger.warning("time zone: \(problem)") }
        let events = descriptors.events
        server = try ServerLink(
            storePath: configuration.storePath, makeNotifier: makeNotifier, retryDelay: configuration.serverRetry,
            clock: configuration.clock, events: events, logger: logger)
        ringer = Ringer(
            player: player
                ?? CanberraPlayer(onProblem: Self.reportOnce(to: logger), librariesChanged: Self.logLoads(to: logger)),
            store: store, events: events, logger: logger
        ) { [weak lock] ringing, awakeStops in
            lock?.publish([
                DaemonLock.ringingKey: ringing.map(String.init), DaemonLock.awakeStopsKey: awakeStops.map(String.init),
            ])
        }
        ambience = AmbiencePlayback(
            player: ambientPlayer
                ?? GStreamerAmbient { [logger] problem in
                    logger.warning("ambient sound: \(problem); the session goes on without it")
                },
            logger: logger)
        upkeep = try StoreUpkeep(store: store, storePath: configuration.storePath, events: events, logger: logger)
        doNotDisturb = try DoNotDisturbHold(store: store, events: events, logger: logger)
        escalator = try Escalator(store: store, limit: configuration.escalationLimit, logger: logger)
        awaitingStore = try RecordsAwaitingStore(storePath: configuration.storePath, logger: logger)
    }

    /// The store, with the kinds the configuration chose.
    private static func openStore(_ configuration: Configuration) throws(DaemonError) -> Store {
        do {
            let every = try Store(path: configuration.storePath, now: configuration.clock.now())
            // Opened (and migrated) with the commands' wait; the loop's writes wait briefly.
            every.waitingForLocks(atMost: loopLockWait)
            return configuration.kinds.map(every.choosingKinds) ?? every
        } catch {
            throw .store(error)
        }
    }

    /// No sound device, an unknown sound: one line per daemon run, and notifications go on.
    /// The sound libraries' loads and unloads, for whoever reads the debug log (the tests).
    private static func logLoads(to logger: Logger) -> @Sendable (Bool) -> Void {
        { loaded in
            logger.debug(
                "sound libraries \(loaded ? "loaded" : "unloaded")",
                metadata: ["event": loaded ? "sound_loaded" : "sound_unloaded"])
        }
    }

    private static func reportOnce(to logger: Logger) -> @Sendable (String) -> Void {
        let reported = Mutex(false)
        return { problem in
            let first = reported.withLock { reported in
                defer { reported = true }
                return !reported
            }
            guard first else { return }
            logger.warning("sound: \(problem); notifications go on without it")
        }
    }

    /// Asks a running `run()` to return, as SIGTERM does.
    public func stop() { events.push(.stop) }

    /// Tells the daemon its injected clock was set; the real clock's changes arrive as the
    /// timerfd's ECANCELED and take the same path.
    public func clockWasSet() { events.push(.clockSet) }

    /// Connects to the notification server, records what a previous daemon left in the
    /// ledger, and runs until SIGTERM or SIGINT (or `stop()`); SIGHUP reloads.
    public func run() throws(DaemonError) {
        defer { descriptors.lock = nil }
        defer { upkeep.waitForRunning() }
        logger.info("started on \(configuration.storePath) in \(planner.timeZone.identifier)")
        // From the start: a first plan that hangs is a hang too.
        descriptors.watchdog.start()
        // Read when the ledger was opened, so nothing the notifier hears now is both replayed and handled.
        startNotifier()
        sleepGuard.watchLogind()
        server.screen.watch(sessionID: configuration.sessionID, systemBus: configuration.systemBus, events: events)
        doNotDisturb.watch(
            sessionBus: configuration.sessionBus, readsGNOME: configuration.readsDesktopSettings,
            quietsGNOME: configuration.desktopIsGNOME, lateAnswer: configuration.inhibitLateAnswer, events: events)
        doNotDisturb.quieting.load()
        do { try numberPastDeliveriesRecordedBesideTheStore() } catch { logger.error("\(error)") }
        escalator.leftovers.end(at: configuration.clock.now())
        if !doNotDisturb.state.isOn { releaseHeld() }
        replay(server.ledger.pending)
        if let input = reconcile(because: "start") {
            do { try resumeRinging(input: input) } catch { logger.error("\(error)") }
        }
        // What other programs wrote while no daemon ran reaches the store file too.
        upkeep.checkpoints.schedule()
        notifyServiceManager("READY=1\nSTATUS=Scheduling reminders from \(configuration.storePath)")
        defer { notifyServiceManager("STOPPING=1") }
        defer { ambience.stop(because: "the daemon stops") }
        defer { escalator.stop(at: configuration.clock.now()) }
        defer { escalator.leftovers.stop() }
        defer { doNotDisturb.quieting.stop(watch: doNotDisturb.doNotDisturbWatch) }
        do { try eventLoop().run() } catch .storeReplaced(let path) {
            // A stop asked for while it let go of the store (a second or more, waiting for a
            // copy to settle) would be lost with the exec (hostile round 22 on issue 39).
            let stop = descriptors.signals.consume().first { $0.number == SIGTERM || $0.number == SIGINT }
            if let stop {
                logger.info("stopping on signal \(stop.number), which came as it let go of the store")
                return
            }
            throw .storeReplaced(path)
        }
    }

    func notifyServiceManager(_ state: String) {
        ServiceManager.notify(state, environment: configuration.serviceEnvironment)
    }

    func startNotifier() { server.connect() }
}
