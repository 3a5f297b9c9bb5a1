import Foundation
import Logging
import NudgeCore
import NudgeNotifier
import NudgeStore

#if canImport(Glibc)
    import Glibc
#endif

/// The reminder daemon: sleeps until the next due instant and wakes only for it, for another
/// process's write to the store, a clock change, a signal, or the notification server.
///
/// Every wake recomputes the plan from the store, so a restarted daemon, or one that was
/// stopped across a due instant, does exactly what a daemon that never stopped would have done.
public final class Daemon {
    public struct Configuration: Sendable {
        public var storePath: String
        public var clock: DaemonClock
        public var timeZone: SystemTimeZone

        public init(storePath: String, clock: DaemonClock = DaemonClock(), timeZone: SystemTimeZone = SystemTimeZone()) {
            self.storePath = storePath
            self.clock = clock
            self.timeZone = timeZone
        }
    }

    public typealias NotifierFactory = (@escaping @Sendable (NotifierEvent) -> Void) -> any Notifier

    private let configuration: Configuration
    private let logger: Logger
    private let store: Store
    /// Held from construction until `run()` returns.
    private var lock: DaemonLock?
    private let timer: WakeTimer
    private let settle: SettleTimer
    private let storeWatch: DirectoryWatch
    /// Watches the localtime file, unless TZ fixes the zone.
    private let zoneWatch: DirectoryWatch?
    private var timeZone: ZoneRules
    private let signals: SignalPipe
    private let events: EventQueue
    private let journal: AnswerJournal
    private var notifier: (any Notifier)!
    private var lastDataVersion = -1
    /// Occurrences the server could not take; retried when a server appears.
    private var awaitingServer: Set<String> = []
    private var reportedServerProblem = false
    private var reportedIgnoredRows: [String: String] = [:]
    /// An event failed to reach the store: the journal keeps it for the next start.
    private var journalHoldsUnrecorded = false
    /// What the journal held when this daemon started.
    private var unrecorded: [(AnswerJournal.Entry, Date)]
    /// Journal entries recorded since the journal was last told.
    private var journaledHandled = 0
    /// The server went away since a notification was shown: what it showed is gone with it.
    private var serverLost = false
    /// Dose notifications already asked to close, so a server that never confirms is asked once.
    private var closeRequested: Set<UInt32> = []
    /// When the notification server on the bus now appeared after one went away: ids it hands
    /// out may repeat the old server's, so only what it showed may be closed by id.
    private var serverSince = Date.distantPast

    public init(
        _ configuration: Configuration, logger: Logger,
        makeNotifier: NotifierFactory = { LibnotifyNotifier(onEvent: $0) }
    ) throws(DaemonError) {
        self.configuration = configuration
        self.logger = logger
        do { store = try Store(path: configuration.storePath, now: configuration.clock.now()) } catch { throw .store(error) }
        lock = try DaemonLock(storePath: configuration.storePath)
        timer = try WakeTimer()
        settle = try SettleTimer()
        storeWatch = try DirectoryWatch(storePath: configuration.storePath)
        zoneWatch = configuration.timeZone.fixed == nil ? try DirectoryWatch(localtimePath: configuration.timeZone.localtimePath) : nil
        let zone = configuration.timeZone.resolve()
        timeZone = zone.rules
        if let problem = zone.problem { logger.warning("time zone: \(problem)") }
        signals = try SignalPipe()
        events = try EventQueue()
        journal = try AnswerJournal(storePath: configuration.storePath)
        // Read before the notifier starts, so nothing it hears now is both replayed and handled.
        unrecorded = journal.pending()
        let queue = events
        let journal = journal
        let clock = configuration.clock
        notifier = makeNotifier { event in
            let now = clock.now()
            let journaled = journal.append(.event(event), at: now)
            queue.push(.notifier(event, at: now, journaled: journaled))
        }
    }

    /// Asks a running `run()` to return, as SIGTERM does.
    public func stop() { events.push(.stop) }

    /// Tells the daemon its injected clock was set; the real clock's changes arrive as the
    /// timerfd's ECANCELED and take the same path.
    public func clockWasSet() { events.push(.clockSet) }

    /// Runs until SIGTERM or SIGINT (or `stop()`); SIGHUP reloads.
    public func run() throws(DaemonError) {
        defer { lock = nil }
        logger.info("started on \(configuration.storePath) in \(timeZone.identifier)")
        // Answers a previous daemon received but may not have recorded. What the server showed
        // goes first: a click can be journaled (on the GLib thread) just before the "shown" of
        // the notification it answers.
        let replayed = unrecorded.filter { if case .shown = $0.0 { true } else { false } }
            + unrecorded.filter { if case .shown = $0.0 { false } else { true } }
        unrecorded = []
        for (entry, instant) in replayed {
            switch entry {
            case .event(let event):
                handle(event, at: instant)
                journaledHandled += 1
            case .shown(let delivery, let id): recordShown(delivery, key: nil, notificationID: id, content: nil, at: instant)
            }
        }
        if !replayed.isEmpty { logger.notice("replayed \(replayed.count) journal entr\(replayed.count == 1 ? "y" : "ies") a previous daemon had not recorded") }
        recordedJournal()
        reconcile(because: "start")
        ServiceManager.notify("READY=1\nSTATUS=Scheduling reminders from \(configuration.storePath)")
        defer { ServiceManager.notify("STOPPING=1") }
        // A watch that is absent polls descriptor -1, which poll(2) ignores.
        var descriptors = [
            timer.descriptor, storeWatch.descriptor, signals.descriptor, events.descriptor, zoneWatch?.descriptor ?? -1, settle.descriptor,
        ].map {
            pollfd(fd: $0, events: Int16(POLLIN), revents: 0)
        }
        while true {
            for index in descriptors.indices { descriptors[index].revents = 0 }
            // No timeout: the timerfd is the only clock this loop has.
            guard poll(&descriptors, nfds_t(descriptors.count), -1) >= 0 || errno == EINTR else {
                throw .system("poll", errno)
            }
            if descriptors[2].revents != 0 {
                for signal in signals.consume() {
                    if signal == SIGHUP {
                        ServiceManager.notify("RELOADING=1")
                        reconcile(because: "SIGHUP")
                        ServiceManager.notify("READY=1")
                    } else {
                        logger.info("stopping on signal \(signal)")
                        return
                    }
                }
            }
            if descriptors[3].revents != 0 {
                for event in events.drain() {
                    switch event {
                    case .stop:
                        logger.info("stopping")
                        return
                    case .clockSet:
                        reconcile(because: "clock changed")
                    case .notifier(let event, let instant, let journaled):
                        handle(event, at: instant)
                        if journaled { journaledHandled += 1 }
                    }
                }
                recordedJournal()
            }
            if descriptors[0].revents != 0 {
                switch timer.consume() {
                case .due: reconcile(because: "due")
                case .clockChanged: reconcile(because: "clock changed")
                case .nothing: break
                }
            }
            if descriptors[1].revents != 0, storeWatch.consume() {
                // The open connection would go on with a deleted file, unseen by everyone else.
                guard FileManager.default.fileExists(atPath: configuration.storePath) else {
                    throw .storeGone(configuration.storePath)
                }
                if !reconcileIfStoreChanged() { settle.start() }
            }
            if descriptors[5].revents != 0, settle.consume(), reconcileIfStoreChanged() {
                settle.stop()
            }
            if descriptors[4].revents != 0, zoneWatch?.consume() == true {
                let (zone, problem) = configuration.timeZone.resolve()
                if zone != timeZone {
                    if let problem { logger.warning("time zone: \(problem)") }
                    logger.notice("the time zone changed from \(timeZone.identifier) to \(zone.identifier)")
                    timeZone = zone
                    reconcile(because: "time zone changed")
                }
            }
        }
    }

    // MARK: - Planning

    /// Reconciles when another process committed since the last plan; false when no change is
    /// visible (yet).
    @discardableResult
    private func reconcileIfStoreChanged() -> Bool {
        do {
            guard try store.dataVersion() != lastDataVersion else { return false }
            reconcile(because: "store changed")
            return true
        } catch {
            logger.error("\(error)")
            return true
        }
    }

    private func reconcile(because reason: String) {
        do {
            // Read before the plan: a write by another process after this point moves it again.
            let started = ContinuousClock.now
            lastDataVersion = try store.dataVersion()
            let wallClock = WallClock(zone: timeZone)
            // Showing can make new occurrences (a call cadence restarts), so plan again until a
            // plan has nothing left to show; a few rounds at most.
            var plan: Plan
            var round = 0
            repeat {
                round += 1
                let now = configuration.clock.now()
                let input = try store.scheduleInput(at: now)
                reportIgnored(input.settings)
                plan = Schedule(input: input, clock: wallClock).plan(now: now)
                try settle(missed: plan.missed, input: input, at: now)
                try store.cancel(keys: plan.withdrawn, at: now)
                let due = plan.due.filter { !awaitingServer.contains($0.key) }
                try deliver(due, input: input, wallClock: wallClock)
                if due.isEmpty { break }
            } while round < 4
            try closeFinishedDoseNotification(session: try store.currentDoseSession())
            try closeAnsweredNotifications()
            try timer.arm(at: plan.nextDue.map(configuration.clock.realInstant(for:)))
            let now = configuration.clock.now()
            let next = plan.nextDue.map { "next due at \(Timestamp.format($0)) (\(DurationText.relative($0.timeIntervalSince(now))))" } ?? "nothing due"
            // Plain arithmetic: Duration.formatted would load ICU's number formatting (4 MB resident).
            let elapsed = ContinuousClock.now - started
            let tenths = (elapsed.components.seconds * 10_000 + elapsed.components.attoseconds / 100_000_000_000_000)
            logger.debug("rescheduled (\(reason)): \(next) [\(tenths / 10).\(tenths % 10) ms]")
        } catch {
            logger.error("\(error)")
        }
    }

    private func reportIgnored(_ settings: Settings) {
        guard settings.ignoredRows != reportedIgnoredRows else { return }
        reportedIgnoredRows = settings.ignoredRows
        for (key, value) in reportedIgnoredRows.sorted(by: { $0.key < $1.key }) {
            logger.warning("ignoring the settings row \(key) = '\(value)'; fix it with: nudge settings reset \(key)")
        }
    }

    private func settle(missed: [Occurrence], input: ScheduleInput, at now: Date) throws {
        for occurrence in missed where DoseReminder.isSleptThrough(occurrence, in: input.doseSession) {
            // Too late to tell, never too late to record.
            if let session = input.doseSession { _ = try store.recordSleptThrough(session, at: occurrence.dueAt) }
        }
        try store.recordMissed(missed, at: now)
        for occurrence in missed {
            logger.notice("missed \(occurrence.key), due \(Timestamp.format(occurrence.dueAt)), too late to show")
        }
    }

    private func deliver(_ due: [Occurrence], input: ScheduleInput, wallClock: WallClock) throws {
        let calls = due.filter { $0.kind == .call }
        if calls.count > CallReminder.summaryThreshold {
            try deliverSummary(of: calls, input: input, wallClock: wallClock)
        }
        for occurrence in due where occurrence.kind != .call || calls.count <= CallReminder.summaryThreshold {
            try deliver(occurrence, input: input, wallClock: wallClock)
        }
    }

    private func deliver(_ occurrence: Occurrence, input: ScheduleInput, wallClock: WallClock) throws {
        guard let claimed = try store.claim(occurrence) else { return }
        var replacing: UInt32?
        if occurrence.kind == .dose2 {
            if DoseReminder.isSleptThrough(occurrence, in: input.doseSession), let session = input.doseSession,
                try !store.recordSleptThrough(session, at: occurrence.dueAt)
            {
                try store.cancel(occurrence, at: configuration.clock.now())
                return
            }
            // Dose notifications update the one on screen instead of piling up.
            if let live = try store.latestDoseDelivery(), live.closedAt == nil { replacing = live.notificationID }
        }
        guard let content = try self.content(for: occurrence, input: input, wallClock: wallClock) else {
            try store.cancel(occurrence, at: configuration.clock.now())
            return
        }
        try show(content, replacing: replacing, for: [(occurrence, claimed)], wallClock: wallClock)
    }

    /// More call reminders due at once than a person wants popping up: one notification names them all.
    private func deliverSummary(of calls: [Occurrence], input: ScheduleInput, wallClock: WallClock) throws {
        var claimed: [(Occurrence, DeliveryRecord)] = []
        for occurrence in calls {
            if let record = try store.claim(occurrence) { claimed.append((occurrence, record)) }
        }
        guard !claimed.isEmpty else { return }
        let names = claimed.map { input.callName(forKey: $0.0.key) ?? $0.0.title }
        try show(CallReminder.summary(names: names, text: notifier.bodyText), replacing: nil, for: claimed, wallClock: wallClock)
    }

    /// Shows one notification for these claimed occurrences and records it as soon as the
    /// server accepted it; a server that refuses leaves them owed until one appears.
    private func show(
        _ content: NotificationContent, replacing: UInt32?, for occurrences: [(Occurrence, DeliveryRecord)], wallClock: WallClock
    ) throws {
        var content = content
        if !notifier.showsActions, occurrences.count == 1, let (_, claimed) = occurrences.first {
            content = content.answeredFromTerminal(deliveryID: claimed.id)
        }
        let id: UInt32
        do {
            id = try notifier.show(content, replacing: replacing)
        } catch {
            for (occurrence, _) in occurrences { awaitingServer.insert(occurrence.key) }
            if !reportedServerProblem {
                reportedServerProblem = true
                logger.error(
                    "cannot show notifications: \(error); reminders stay due and are shown when a notification server appears")
            }
            return
        }
        reportedServerProblem = false
        let now = configuration.clock.now()
        // On disk before the store, which may be locked for seconds: a kill in between must
        // neither show it again nor lose a click on it.
        for (_, claimed) in occurrences {
            _ = journal.append(.shown(deliveryID: claimed.id, notificationID: id), at: now)
        }
        for (occurrence, claimed) in occurrences {
            recordShown(claimed.id, key: occurrence.key, notificationID: id, content: content, at: now)
            logger.info("shown \(occurrence.key) as notification \(id)")
        }
    }

    /// Records that the server accepted a delivery; a call cadence counts again from that day.
    /// The key is read from the store only when replaying, where it is not at hand.
    private func recordShown(_ deliveryID: Int64, key: String?, notificationID: UInt32, content: NotificationContent?, at instant: Date) {
        do {
            var restart: (contactIdentity: Int64, day: CivilDate)?
            let key = try key ?? store.delivery(id: deliveryID)?.key
            if let key = key.flatMap(CallReminder.Key.init), case .cadence = key.kind {
                restart = (key.contactIdentity, WallClock(zone: timeZone).date(of: instant))
            }
            try store.markShown(deliveryID, notificationID: notificationID, content: content, at: instant, cadenceRestart: restart)
            journaledHandled += 1
        } catch {
            journalHoldsUnrecorded = true
            logger.error("\(error)")
        }
    }

    /// What to show for an occurrence now, or nil when it no longer applies.
    private func content(for occurrence: Occurrence, input: ScheduleInput, wallClock: WallClock) throws -> NotificationContent? {
        let now = configuration.clock.now()
        switch occurrence.kind {
        case .symptom:
            let day = SymptomReminder.day(ofKey: occurrence.key) ?? wallClock.date(of: occurrence.dueAt)
            return SymptomReminder.notification(
                day: day, today: wallClock.date(of: now), entries: try store.symptoms(on: day, clock: wallClock),
                settings: input.settings, text: notifier.bodyText)
        case .dose2:
            guard let session = input.doseSession, let alert = DoseReminder.alert(ofKey: occurrence.key, in: session) else { return nil }
            return DoseReminder.notification(alert, session: session, settings: input.settings, now: now, clock: wallClock)
        case .call:
            guard let key = CallReminder.Key(occurrence.key) else { return nil }
            let contact = input.contacts.first { $0.identity == key.contactIdentity }
            var reminder: OneOffCall?
            if case .once(let identity) = key.kind {
                reminder = input.oneOffCalls.first { $0.identity == identity }
                guard reminder != nil else { return nil }
            }
            guard let name = contact?.name ?? reminder?.name else { return nil }
            return CallReminder.notification(
                key: key, contact: contact, reminder: reminder, name: name, today: wallClock.date(of: now), clock: wallClock,
                text: notifier.bodyText)
        }
    }

    /// A restarted server lost the resident dose notification of a night still open: show the
    /// present state again, under the new server's id. With `replacing`, the one on screen is
    /// brought up to date in place (a button that no longer applies was pressed).
    private func reshowLiveDoseNotification(replacing: UInt32? = nil) throws {
        let now = configuration.clock.now()
        guard let live = try store.latestDoseDelivery(), live.closedAt == nil,
            let session = try store.currentDoseSession(), !session.isCompleted,
            let alert = DoseReminder.alert(ofKey: live.key, in: session), alert != .sleptThrough
        else { return }
        let wallClock = WallClock(zone: timeZone)
        var content = DoseReminder.notification(alert, session: session, settings: try store.settings(), now: now, clock: wallClock)
        if !notifier.showsActions { content = content.answeredFromTerminal(deliveryID: live.id) }
        do {
            let id = try notifier.show(content, replacing: replacing)
            try store.markShown(live.id, notificationID: id, content: content, at: now)
            let why = replacing == nil ? "the notification server restarted" : "up to date after a stale button"
            logger.info("shown \(live.key) again as notification \(id): \(why)")
        } catch let error as NotifierError {
            logger.error("cannot show \(live.key) again: \(error)")
        }
    }

    /// Taking or skipping dose 2, from a button, the command line or another program, closes the
    /// dose notification still on screen.
    private func closeFinishedDoseNotification(session: DoseSession?) throws {
        guard let live = try store.latestDoseDelivery(), live.closedAt == nil, let id = live.notificationID,
            !closeRequested.contains(id)
        else { return }
        let isCurrent = session.map { !$0.isCompleted && DoseReminder.alert(ofKey: live.key, in: $0) != nil } ?? false
        let isNotice = session.map { DoseReminder.alert(ofKey: live.key, in: $0) == .sleptThrough } ?? false
        guard !isCurrent, !isNotice else { return }
        closeRequested.insert(id)
        notifier.close(id)
        logger.info("closed \(live.key) (notification \(id)): dose 2 is recorded")
    }

    /// An answer from the terminal (`nudge ack`) closes the notification it answered, as a
    /// click would; otherwise it would stay up, and a later click on it would change nothing.
    /// Only answers of the last hour: an older id may belong to another program's notification
    /// by now (a restarted server counts from 1 again).
    private func closeAnsweredNotifications() throws {
        let since = configuration.clock.now().addingTimeInterval(-3600)
        for id in try store.answeredOnScreen(since: since, shownAfter: serverSince) where !closeRequested.contains(id) {
            closeRequested.insert(id)
            notifier.close(id)
            logger.info("closed notification \(id): it is answered")
        }
    }

    // MARK: - Answers

    /// Tells the journal what is in the store now; after a failure, it all stays for the next start.
    private func recordedJournal() {
        guard !journalHoldsUnrecorded else { return }
        journal.recorded(journaledHandled)
        journaledHandled = 0
    }

    /// Handles one event; `now` is when it reached the process, which is when the person answered.
    private func handle(_ event: NotifierEvent, at now: Date) {
        do {
            switch event {
            case .actionInvoked(let id, let action):
                guard let record = try store.delivery(notificationID: id) else { return }
                switch try store.answer(record.id, action: action, at: now, clock: WallClock(zone: timeZone)) {
                case .recorded: logger.info("answered \(record.key): \(action)")
                case .duplicate: logger.debug("already answered \(record.key); ignoring '\(action)'")
                case .refused(let refusal):
                    logger.notice("not recorded: \(action) on \(record.key): \(refusal)")
                    // The button was stale (a snooze in the last 15 minutes): show what applies now.
                    if record.kind == ReminderKind.dose2.rawValue { try reshowLiveDoseNotification(replacing: id) }
                }
                reconcile(because: "answer")
            case .closed(let id, let reason):
                try store.recordClosed(notificationID: id, reason: reason, at: now)
            case .serverAppeared:
                logger.info("a notification server is on the bus")
                if serverLost {
                    serverLost = false
                    serverSince = now
                    closeRequested.removeAll()
                    try reshowLiveDoseNotification()
                }
                if !awaitingServer.isEmpty {
                    awaitingServer.removeAll()
                    reconcile(because: "server appeared")
                }
            case .serverVanished:
                serverLost = true
                logger.notice("no notification server on the bus")
            }
        } catch {
            journalHoldsUnrecorded = true
            logger.error("\(error)")
        }
    }
}
