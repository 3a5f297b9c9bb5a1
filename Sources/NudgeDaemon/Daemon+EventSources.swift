import Foundation
import NudgeCore
import NudgeStore

#if canImport(Glibc)
    import Glibc
#endif

/// What wakes the daemon, each with its handler: a signal, another thread's event, the due
/// instant, another process's write to the store, and a time-zone change.
extension Daemon {
    func eventLoop() -> EventLoop {
        let loop = EventLoop()
        loop.add("signals", descriptor: descriptors.signals.descriptor) { [unowned self] in onSignals() }
        loop.add("events", descriptor: events.descriptor) { [unowned self] () throws(DaemonError) in
            try onEvents()
        }
        loop.add("due", descriptor: descriptors.timer.descriptor) { [unowned self] in onTimer() }
        if case .success(let wake) = sleepGuard.wakeAlarm {
            loop.add("wake alarm", descriptor: wake.descriptor) { [unowned self] in onWakeAlarm(wake) }
        }
        loop.add("store", descriptor: descriptors.storeWatch.descriptor) { [unowned self] () throws(DaemonError) in
            try onStoreChange()
        }
        loop.add("store recheck", descriptor: descriptors.storeRecheck.descriptor) { [unowned self] in
            onStoreRecheck()
        }
        addAwaitingStoreRetry(to: loop)
        addPartsTimers(to: loop)
        addEscalationSources(to: loop)
        loop.add("sleep warning's sound", descriptor: sleepGuard.warningSound.descriptor) { [unowned self] in
            if sleepGuard.warningSound.consume() {
                sleepGuard.letSleepGo(because: "the warning's sound had its time", timeIsUp: true)
            }
            return .continue
        }
        let watchdog = descriptors.watchdog
        if watchdog.interval != nil {
            loop.add("watchdog", descriptor: watchdog.descriptor) {
                watchdog.ping()
                return .continue
            }
        }
        if let zoneWatch = descriptors.zoneWatch {
            loop.add("time zone", descriptor: zoneWatch.descriptor) { [unowned self] in onZoneChange() }
        }
        return loop
    }

    /// The parts' own timers: the store's checkpoint, asking the server again, the grace after
    /// leaving an inhibition on; and the watch on the logs set aside beside the store.
    private func addPartsTimers(to loop: EventLoop) {
        loop.add("checkpoint", descriptor: upkeep.checkpoints.timer.descriptor) { [unowned self] in
            upkeep.checkpoints.onTimer()
        }
        loop.add("set-aside logs", descriptor: upkeep.setAsideLogs.descriptor) { [unowned self] in
            show(upkeep.setAsideLogs.consume())
            return .continue
        }
        loop.add("server retry", descriptor: server.retryTimer.descriptor) { [unowned self] in server.onRetryTimer() }
        loop.add("stray inhibition", descriptor: doNotDisturb.quieting.strayCheck.descriptor) { [unowned self] in
            doNotDisturb.quieting.onStrayCheck()
        }
    }

    /// The escalation's command ended (its result shown, and a plan), wrote, or passed its
    /// deadline; a killed daemon's command had its time to end.
    private func addEscalationSources(to loop: EventLoop) {
        loop.add(
            "escalation's end", descriptorNow: { [unowned self] in escalator.endDescriptor },
            handle: { [unowned self] in
                show(escalator.commandEnded(at: configuration.clock.now()))
                sleepGuard.alarmSent()
                reconcile(because: "escalation ended")
                return .continue
            })
        loop.add(
            "escalation's output", descriptorNow: { [unowned self] in escalator.outputDescriptor },
            handle: { [unowned self] in
                escalator.readOutput()
                return .continue
            })
        loop.add("escalation's deadline", descriptor: escalator.deadline.descriptor) { [unowned self] in
            let (over, failure) = escalator.deadlinePassed(at: configuration.clock.now())
            if over {
                show(failure)
                reconcile(because: "escalation ended")
            }
            return .continue
        }
        loop.add("leftover escalations' grace", descriptor: escalator.leftovers.graceTimer.descriptor) {
            [unowned self] in
            escalator.leftovers.gracePassed()
            return .continue
        }
    }

    private func onSignals() -> EventLoop.Next {
        for received in descriptors.signals.consume() {
            let signal = received.number
            if signal == SIGUSR1 {
                awakeFromTerminal(received.value)
                continue
            }
            guard signal == SIGHUP else {
                logger.info("stopping on signal \(signal)")
                return .stop
            }
            logger.info("reloading on SIGHUP", metadata: ["event": "reload"])
            notifyServiceManager("RELOADING=1")
            reconcile(because: "SIGHUP")
            notifyServiceManager("READY=1")
        }
        return .continue
    }

    private func onEvents() throws(DaemonError) -> EventLoop.Next {
        defer { tellLedger() }
        defer { planAfterShown() }
        defer { doNotDisturbSettled() }
        for event in events.drain() {
            switch event {
            case .shown(let request, let result, let instant, let lines):
                server.finish(request, result, at: instant, lines: lines)
            case .stop:
                logger.info("stopping")
                return .stop
            case .storeOverwritten:
                try takeOnOverwrittenStore("its connection read it as damaged, a connection opened afresh as sound")
            case .clockSet:
                reconcile(because: "clock changed")
            case .preparingForSleep(let sleeping):
                if sleeping { warnBeforeSleep() } else { resumedFromSleep() }
            case .sessionLock(let report):
                sessionLockChanged(report)
            case .doNotDisturb(let state):
                doNotDisturbChanged(state)
            case .desktop(let answer):
                desktopAnswered(answer)
            case .sleepWarningSounded:
                sleepGuard.letSleepGo(because: "the warning sounded")
            case .ringEnded(let number):
                ringer.ringEnded(number)
            case .backedUp, .rechecked, .damageWarningShown, .checkpointed:
                storeUpkeep(event)
            case .notifier(.busClosed, _, _):
                logger.notice("the session bus closed (the session ended); stopping")
                return .stop
            case .notifier(let event, let instant, let line):
                planner.inMemory.heard(event)
                if handle(event, at: instant, line: line), let line { server.recorded(line) }
            }
        }
        return .continue
    }

    /// What was shown wrote to the store (a call cadence counts again from it): planned once for
    /// all the answers in hand.
    private func planAfterShown() {
        guard server.takeShownSincePlan() else { return }
        reconcile(because: "shown")
    }

    /// The machine resumed for an alarm (or was awake at its instant): plan, and it rings.
    private func onWakeAlarm(_ wake: WakeTimer) -> EventLoop.Next {
        guard sleepGuard.wakeAlarmFired(wake) else { return .continue }
        reconcile(because: "wake alarm")
        return .continue
    }

    private func onTimer() -> EventLoop.Next {
        switch descriptors.timer.consume() {
        case .due:
            deliverFromHeldPlan()
            reconcile(because: "due")
        case .clockChanged: reconcile(because: "clock changed")
        case .nothing: break
        }
        return .continue
    }

    private func onStoreChange() throws(DaemonError) -> EventLoop.Next {
        guard descriptors.storeWatch.consume() else { return .continue }
        // The open connection would go on with a deleted file, unseen by everyone else.
        guard FileManager.default.fileExists(atPath: configuration.storePath) else {
            letGoOfTheStore(because: "removed or moved away")
            throw .storeGone(configuration.storePath)
        }
        if let opened = descriptors.storeIdentity, let now = LoopDescriptors.identity(of: configuration.storePath),
            opened != now
        {
            try takeOnReplacedStore()
        }
        if RemovedLog.isRemoved(under: configuration.storePath) {
            try takeOnOverwrittenStore(
                "its write-ahead log was removed under its connection",
                likely: ", as SQLite does when it opens the file as a copy begins: `cp BACKUP STORE`")
        }
        if store.fileKeepsRollbackJournal() {
            try takeOnOverwrittenStore(
                "with a file that keeps a rollback journal", likely: ", as a backup does: `cp BACKUP STORE`")
        }
        // A commit writes its frames to the -wal before its index shows them: re-checked,
        // unless the -wal is as the last checkpoint left it (the checkpoint's own writes).
        let ownWrite = upkeep.storeChanged()
        if !reconcileIfStoreChanged(), !ownWrite {
            descriptors.storeRecheck.start()
        }
        return .continue
    }

    private func onStoreRecheck() -> EventLoop.Next {
        if descriptors.storeRecheck.consume(), reconcileIfStoreChanged() { descriptors.storeRecheck.stop() }
        return .continue
    }

    private func onZoneChange() -> EventLoop.Next {
        guard descriptors.zoneWatch?.consume() == true else { return .continue }
        let (zone, problem) = configuration.timeZone.resolve()
        if zone != planner.timeZone {
            if let problem { logger.warning("time zone: \(problem)") }
            logger.notice("the time zone changed from \(planner.timeZone.identifier) to \(zone.identifier)")
            planner.timeZone = zone
            reconcile(because: "time zone changed")
        }
        return .continue
    }

    /// What the store's upkeep reported: a backup, a check or a checkpoint finished, or the
    /// damage warning was shown.
    private func storeUpkeep(_ event: LoopEvent) {
        switch event {
        case .backedUp(let outcome):
            backedUp(outcome)
        case .rechecked(let damage):
            closeDamageWarning(upkeep.backups.rechecked(damage))
            reconcile(because: "store checked")
        case .damageWarningShown(let warning):
            upkeep.backups.damageWarningShown(warning)
        case .checkpointed(let outcome):
            upkeep.checkpoints.checkpointed(outcome)
        default:
            break
        }
    }

    /// The backup's thread finished: its warning shown once, and a plan for the next.
    private func backedUp(_ outcome: DailyBackup.Outcome) {
        defer { reconcile(because: "backed up") }
        let (warning, sound) = upkeep.backups.backedUp(outcome, wallClock: wallClock)
        closeDamageWarning(sound)
        show(warning)
    }

    /// The store is sound again: its damage warning is closed, when the server now on the bus
    /// is the one that showed it (another's id may be another notification by now).
    func closeDamageWarning(_ warning: DamageWarning?) {
        guard let warning else { return }
        if server.showed(warning.notificationID, at: warning.shownAt), server.close(warning.notificationID) {
            logger.notice(
                "closed the damage warning (notification \(warning.notificationID))",
                metadata: ["event": "damage_warning_closed"])
        }
    }

    /// A warning about the store itself (damage, a failed backup): shown as it is, recorded in
    /// no delivery row, since the store may be what cannot be written.
    func show(_ warning: NotificationContent?) {
        guard let warning else { return }
        let (logger, events, shownAt) = (logger, events, configuration.clock.now())
        server.notifier.show(warning, replacing: nil) { result in
            switch result {
            case .failure(let error): logger.error("cannot show \(warning.title): \(error)")
            case .success(let id) where warning.title == StoreSafetyWarning.damagedTitle:
                events.push(.damageWarningShown(DamageWarning(notificationID: id, shownAt: shownAt)))
            case .success: break
            }
        }
    }
}
