import Foundation
import Logging
import NudgeCore
import NudgeNotifier
import NudgeSleep
import NudgeSound
import NudgeStore
import NudgeSystem
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The reminder daemon: sleeps until the next due instant and wakes only for it, for another
/// process's write to the store, a clock change, a signal, or the notification server.
///
/// Every wake recomputes the plan from the store, so a restarted daemon, or one that was
/// stopped across a due instant, does exactly what a daemon that never stopped would have done.
/// Its rooms: planning (Daemon+Planning), delivery (Daemon+Delivery), answers
/// (Daemon+Answers), notifications that replace themselves (Daemon+LiveNotification), and the
/// event sources (Daemon+EventSources).
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

        public init(
            storePath: String, clock: DaemonClock = DaemonClock(), timeZone: SystemTimeZone = SystemTimeZone(),
            terminal: TerminalLauncher? = TerminalLauncher.find(environment: ProcessInfo.processInfo.environment),
            personClock: @escaping @Sendable () -> PersonClock = {
                PersonClock.current(environment: ProcessInfo.processInfo.environment)
            },
            rtcWakeAlarm: String = RTCWakeAlarm.path(environment: ProcessInfo.processInfo.environment),
            serviceEnvironment: [String: String] = ProcessInfo.processInfo.environment,
            serverRetry: TimeInterval = 30
        ) {
            self.storePath = storePath
            self.clock = clock
            self.timeZone = timeZone
            self.terminal = terminal
            self.personClock = personClock
            self.rtcWakeAlarm = rtcWakeAlarm
            self.serviceEnvironment = serviceEnvironment
            self.serverRetry = serverRetry
        }
    }

    public typealias NotifierFactory = (@escaping @Sendable (NotifierEvent) -> Void) -> any Notifier

    let configuration: Configuration
    let logger: Logger
    let store: Store
    /// Held from construction until `run()` returns.
    var lock: DaemonLock?
    let timer: WakeTimer
    let storeRecheck: StoreRecheckTimer
    let storeWatch: DirectoryWatch
    /// Watches the localtime file, unless TZ fixes the zone.
    let zoneWatch: DirectoryWatch?
    var timeZone: ZoneRules
    var personClock: PersonClock
    /// The local clock every notification and log line says times by.
    var wallClock: WallClock { personClock.wallClock(zone: timeZone) }
    let signals: SignalPipe
    let events: EventQueue
    let ledger: ClickLedger
    /// Held while something must ring (`keepAwake`): one refuses idle sleep, the other holds
    /// any sleep back until the person is warned.
    let sleepInhibitor = SleepInhibitor()
    let sleepDelay = SleepInhibitor(mode: "delay")
    /// logind's PrepareForSleep, from `run()` on; nil without logind.
    var sleepWatch: SleepWatch?
    var reportedSleepProblem = false
    /// What logind last said to a keep-awake call; nil before the first.
    var keepAwakeState: AlarmWaking.KeepAwake?
    /// Armed for the next occurrence that rings as an alarm, so that a suspended machine resumes
    /// for it; why there is none (no CAP_WAKE_ALARM) when it could not be made.
    let wakeAlarm: Result<WakeTimer, DaemonError>
    /// The occurrence `wakeAlarm` is armed for.
    var wakeArmedFor: Occurrence?
    var reportedWakeProblem = false
    /// What the commands may read about this daemon (`DaemonLock.running`): whether it can wake
    /// the computer, and why it keeps it awake now.
    var published: [String: String] = [:] {
        didSet { if published != oldValue { lock?.publish(published) } }
    }
    /// nudge's own sounds; a context exists only while one plays.
    let player: any SoundPlayer
    /// The alarm ringing now, the notification it rings for, its number among this run's
    /// rings (the player's word that a ring ended names it), and whether "I'm awake" stops it.
    /// `nudge ack ID awake` reads the delivery it may stop in what the daemon publishes.
    var ringing: (deliveryID: Int64, notificationID: UInt32, number: Int, offersAwake: Bool)? {
        didSet {
            if (ringing == nil) != (oldValue == nil) { holdLidWhileRinging() }
            published[DaemonLock.awakeStopsKey] = ringing.flatMap { $0.offersAwake ? String($0.deliveryID) : nil }
        }
    }
    var ringsStarted = 0
    /// Ambient sound under a span; the span playing now.
    let ambientPlayer: any AmbientPlayer
    var playingAmbience: Ambience?
    /// The backup directory, the store's identity, and the store's newest backup in it (or the
    /// last attempt): read from the directory once, then kept.
    var lastBackup: (directory: String, identity: String?, takenAt: Date?)?
    let backupConnection = DailyBackup.Connection()
    /// Signalled when the `DailyBackup` on its thread is done; its outcome is an event.
    var runningBackup: DispatchSemaphore?
    /// Fires once writes to the store have settled (`Daemon+Checkpoint`).
    let checkpointTimer: OneShotTimer
    /// Signalled when the checkpoint on its thread is done; its outcome is an event.
    var runningCheckpoint: DispatchSemaphore?
    /// The `-wal` as the last checkpoint left it (size and change time): the checkpoint's own
    /// writes (to the store file, emptying the `-wal`) are store events too, and must neither
    /// arm the next one nor start the re-checks.
    var checkpointedWAL: WALState?
    /// Checkpoints in a row that a reader held back.
    var checkpointRetries = 0
    /// The title of the last store warning shown (damage, a failed backup), so it is shown once.
    var reportedStoreProblem: String?
    /// The store file as opened: a rename over it (a restore SQLite could not write into)
    /// is a new file this process does not have open.
    let storeIdentity: (device: UInt64, inode: UInt64)?
    /// Lets a sleep go once the warning's sound had its time, well before logind stops waiting.
    let sleepWarningSound: OneShotTimer
    /// systemd's watchdog, pinged from the loop while systemd watches.
    let watchdog: ServiceWatchdog
    /// From logind's PrepareForSleep(true) until its PrepareForSleep(false).
    var sleepAnnounced = false
    /// Held while an alarm rings: a closed lid would put the computer to sleep and silence it.
    let lidInhibitor = SleepInhibitor(what: "handle-lid-switch")
    private let makeNotifier: NotifierFactory
    /// Connected to the bus by `run()`, not before.
    var notifier: (any Notifier)!
    var lastDataVersion = -1
    /// The last plan, kept until its next due instant.
    var heldPlan: HeldPlan?
    /// Occurrences the server could not take; retried when a server appears.
    var awaitingServer: Set<String> = []
    /// Occurrences handed to the server and not yet answered: no plan shows them again.
    var showing: Set<String> = []
    /// Notifications those are replacing in place: answered or finished, they are not closed,
    /// since what replaces them is not.
    var showingOver: Set<UInt32> = []
    let showRequests = ShowRequests()
    /// Fires `serverRetry` after a server that owns the name did not answer (a call timed out).
    let serverRetryTimer: OneShotTimer
    /// A notification the server accepted since the last plan: what it wrote (a call's cadence
    /// counts again) is planned from once the events in hand are handled.
    var shownSincePlan = false
    /// The unreadable rows logged already: each is logged once, not at every plan.
    var loggedUnreadable: Set<UnreadableRow> = []
    var reportedServerProblem = false
    var reportedIgnoredRows: [String: String] = [:]
    /// The settings of the last plan: a change is logged once, key by key.
    var plannedSettings: Settings?
    /// What the last "next:" line said: said again only when it changes.
    var announcedNext: String?
    /// Sound files found not to be regular files, each warned about once (`playable`).
    var skippedSoundFiles: Set<String> = []
    /// Ledger lines in the store since the ledger was last told; a line whose event failed to
    /// reach the store is never told, and the ledger keeps it for the next start.
    var recordedLines: [ClickLedger.Line] = []
    /// The server went away since a notification was shown: what it showed is gone with it.
    var serverLost = false
    /// Notifications already asked to close, so a server that never confirms is asked once.
    var closeRequested: Set<UInt32> = []
    /// When the notification server on the bus now appeared after one went away: ids it hands
    /// out may repeat the old server's, so only what it showed may be closed by id.
    var serverSince = Date.distantPast

    /// Opens the store, takes its lock and makes the descriptors; nothing is shown and the bus
    /// is not touched until `run()`.
    public init(
        _ configuration: Configuration, logger: Logger,
        makeNotifier: @escaping NotifierFactory = { LibnotifyNotifier(onEvent: $0) },
        player: (any SoundPlayer)? = nil, ambientPlayer: (any AmbientPlayer)? = nil
    ) throws(DaemonError) {
        self.configuration = configuration
        self.logger = logger
        self.makeNotifier = makeNotifier
        do { store = try Store(path: configuration.storePath, now: configuration.clock.now()) } catch {
            throw .store(error)
        }
        do { lock = try DaemonLock(storePath: configuration.storePath) } catch {
            switch error {
            case .alreadyRunning(let pid, let store): throw .alreadyRunning(pid: pid, store: store)
            case .system(let call, let code): throw .system(call, code)
            }
        }
        timer = try WakeTimer()
        wakeAlarm = Result { () throws(DaemonError) in try WakeTimer(wakesTheComputer: true) }
        published = Self.waking(wakeAlarm, rtcWakeAlarm: configuration.rtcWakeAlarm, keepAwake: nil).status
        // Observers do not run in an initializer.
        lock?.publish(published)
        storeRecheck = try StoreRecheckTimer()
        sleepWarningSound = try OneShotTimer()
        watchdog = try ServiceWatchdog(environment: configuration.serviceEnvironment)
        checkpointTimer = try OneShotTimer()
        serverRetryTimer = try OneShotTimer()
        storeWatch = try DirectoryWatch(storePath: configuration.storePath)
        storeIdentity = Self.identity(of: configuration.storePath)
        zoneWatch =
            configuration.timeZone.fixed == nil
            ? try DirectoryWatch(localtimePath: configuration.timeZone.localtimePath) : nil
        let zone = configuration.timeZone.resolve()
        timeZone = zone.rules
        personClock = configuration.personClock()
        if let problem = zone.problem { logger.warning("time zone: \(problem)") }
        signals = try SignalPipe()
        events = try EventQueue()
        ledger = try ClickLedger(storePath: configuration.storePath)
        self.player = player ?? CanberraPlayer(onProblem: Self.reportOnce(to: logger))
        self.ambientPlayer =
            ambientPlayer
            ?? GStreamerAmbient { [logger] problem in
                logger.warning("ambient sound: \(problem); the session goes on without it")
            }
    }

    /// No sound device, an unknown sound: one line per daemon run, and notifications go on.
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

    static func identity(of path: String) -> (device: UInt64, inode: UInt64)? {
        var status = stat()
        return stat(path, &status) == 0 ? (UInt64(status.st_dev), UInt64(status.st_ino)) : nil
    }

    /// Asks a running `run()` to return, as SIGTERM does.
    public func stop() { events.push(.stop) }

    /// Tells the daemon its injected clock was set; the real clock's changes arrive as the
    /// timerfd's ECANCELED and take the same path.
    public func clockWasSet() { events.push(.clockSet) }

    /// Connects to the notification server, records what a previous daemon left in the
    /// ledger, and runs until SIGTERM or SIGINT (or `stop()`); SIGHUP reloads.
    public func run() throws(DaemonError) {
        defer { lock = nil }
        defer { waitForRunningBackup() }
        defer { waitForRunningCheckpoint() }
        logger.info("started on \(configuration.storePath) in \(timeZone.identifier)")
        // From the start: a first plan that hangs is a hang too.
        watchdog.start()
        // Read when the ledger was opened, so nothing the notifier hears now is both replayed and handled.
        startNotifier()
        let events = events
        sleepWatch = try? SleepWatch { starting in events.push(.preparingForSleep(starting)) }
        replay(ledger.pending)
        if let input = reconcile(because: "start") {
            do { try resumeRinging(input: input) } catch { logger.error("\(error)") }
        }
        // What other programs wrote while no daemon ran reaches the store file too.
        scheduleCheckpoint()
        notifyServiceManager("READY=1\nSTATUS=Scheduling reminders from \(configuration.storePath)")
        defer { notifyServiceManager("STOPPING=1") }
        defer { stopAmbience(because: "the daemon stops") }
        try eventLoop().run()
    }

    func notifyServiceManager(_ state: String) {
        ServiceManager.notify(state, environment: configuration.serviceEnvironment)
    }

    func startNotifier() {
        let queue = events
        let ledger = ledger
        let clock = configuration.clock
        notifier = makeNotifier { event in
            let now = clock.now()
            queue.push(.notifier(event, at: now, line: ledger.append(.event(event), at: now)))
        }
    }
}
