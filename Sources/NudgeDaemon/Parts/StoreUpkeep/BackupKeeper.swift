import Foundation
import Logging
import NudgeCore
import NudgeStore

/// The daily backup (`BackupPolicy`): started after what was due in the same wake, on its own
/// thread (`DailyBackup`); thinned, and followed by SQLite's quick check of the store. A failure
/// or damage is logged and shown once.
final class BackupKeeper {
    private let store: Store
    private let storePath: String
    private let events: EventQueue
    private let logger: Logger
    /// The backup directory, the store's identity, and the store's newest backup in it (or the
    /// last attempt): read from the directory once, then kept.
    private var lastBackup: (directory: String, identity: String?, takenAt: Date?)?
    private let connection = DailyBackup.Connection()
    /// Signalled when the `DailyBackup` on its thread is done; its outcome is an event.
    private var running: DispatchSemaphore?
    /// The title of the last store warning shown (damage, a failed backup), so it is shown once.
    private var reportedStoreProblem: String?
    /// The damage a plan last met, so that every plan after it does not look for backups again.
    private var reportedDamage: String?
    /// The damage warning on screen, this daemon's or one recorded beside the store by a daemon
    /// before it (in the backup location, or by one that exited on a store it could not open:
    /// `DamageWarningFile`): closed once the store passes its check again.
    private var damageWarning: DamageWarning?
    /// The store's data version when its check last ran: checked again only after a change.
    private var checkedDataVersion: Int?

    init(store: Store, storePath: String, events: EventQueue, logger: Logger) {
        self.store = store
        self.storePath = storePath
        self.events = events
        self.logger = logger
        damageWarning = BackupLocation.damageWarning(store: storePath) ?? DamageWarningFile.read(store: storePath)
    }

    /// Starts the backup when it is due; returns when the next one is (nil: backups are off, or
    /// one is running and its end plans again).
    func keep(settings: Settings, starting: Bool, now: Date, dataVersion: Int, wallClock clock: WallClock) -> Date? {
        defer { checkAgainIfWarned(dataVersion: dataVersion) }
        guard settings.bool(BackupPolicy.enabled), running == nil else { return nil }
        let directory = BackupDirectory.directory(store: storePath, setting: settings[BackupPolicy.directory])
        let identity = (try? store.identity()) ?? nil
        if lastBackup?.directory != directory {
            // The setting changed (or the daemon starts): another program may have written it,
            // and a damaged store's commands find its backups only where the location says.
            if !store.recordBackupDirectory(waiting: false).ran {
                logger.debug("backup location: another nudge is writing it; not waiting for it on the loop")
            }
        }
        if lastBackup?.directory != directory || lastBackup?.identity != identity {
            // Another store's backup in a shared directory is not this store's newest, nor is a
            // twin's (`IdentityTwin`). One taken ahead of now (a wrong clock) would stop backups.
            // A damaged or cut-short newest file is no backup: the store is backed up again.
            let fromThisFile = IdentityTwin.takenFromTheFile(at: storePath)
            let newest = BackupDirectory.list(in: directory, now: now).first {
                $0.origin == .store(identity ?? "") && fromThisFile($0) && !$0.isAhead(of: now) && $0.looksWhole
            }
            lastBackup = (directory, identity, newest?.takenAt)
        }
        let time = LocalTime(parsing: settings[BackupPolicy.time]) ?? LocalTime(hour: 3, minute: 30)!
        let due = BackupPolicy.nextBackup(
            newest: lastBackup?.takenAt, now: now, starting: starting, time: time, clock: clock)
        guard due <= now else { return due }
        // Tried once per due instant: a failure waits for the next one, as a success does.
        lastBackup = (directory, identity, now)
        // The backup checks the store too.
        checkedDataVersion = dataVersion
        let events = events
        running = DailyBackup(
            connection: connection, storePath: storePath, directory: directory,
            identity: identity, takenAt: now, clock: clock
        ).start { events.push(.backedUp($0)) }
        return nil
    }

    /// The backup's thread finished: says what it found; returns the warning to show, once
    /// (nil when it was shown already, or all is well), and the damage warning to close when
    /// the store passed its check.
    func backedUp(_ outcome: DailyBackup.Outcome, wallClock clock: WallClock) -> (
        show: NotificationContent?, close: DamageWarning?
    ) {
        running = nil
        let closing = outcome.damage == nil ? foundSound() : nil
        if let backup = outcome.backup {
            logger.notice(
                "backed up the store to \(backup.path) (\(backup.size) bytes, checked)\(outcome.removed == 0 ? "" : "; removed \(outcome.removed) older")"
            )
            if let reason = backup.unrecordedReason {
                logger.warning("\(BackupLocation.unrecordedWarning(store: storePath, reason: reason))")
            }
        }
        let content: NotificationContent
        if let damage = outcome.damage {
            logger.critical("the store is damaged (\(damage))")
            content = StoreSafetyWarning.damaged(
                problem: damage,
                restoreFrom: outcome.restoreFrom.map { "\(clock.date(of: $0.takenAt)) \(clock.timeOfDay($0.takenAt))" },
                command: "nudge --store \(storePath) restore --latest")
        } else if let failure = outcome.failure {
            logger.error("the backup failed: \(failure)")
            content = StoreSafetyWarning.backupFailed(reason: failure, earlierBackups: outcome.earlierBackups)
        } else {
            reportedStoreProblem = nil
            return (nil, closing)
        }
        guard reportedStoreProblem != content.title else { return (nil, closing) }
        reportedStoreProblem = content.title
        return (content, closing)
    }

    /// A plan the store refused as damaged: the warning to show, naming its newest sound
    /// backup, once per problem (nil when it was shown already). Nothing can be planned from
    /// such a store, and the person would otherwise hear nothing. The folder is the one the
    /// daemon backs up into, else the one recorded beside the store: the store's own setting
    /// cannot be read.
    func storeDamaged(_ problem: String, now: Date, wallClock clock: WallClock) -> NotificationContent? {
        guard reportedDamage != problem else { return nil }
        reportedDamage = problem
        logger.critical("the store is damaged (\(problem)); nothing can be planned from it")
        let recorded = BackupLocation.read(store: storePath)
        let directory =
            lastBackup?.directory ?? recorded?.directory ?? BackupDirectory.directory(store: storePath, setting: "")
        let newest = BackupDirectory.newestSound(
            in: directory, now: now, identity: lastBackup?.identity ?? recorded?.identity,
            formerFolders: BackupDirectory.formerFolders(store: storePath, besides: directory))
        let content = StoreSafetyWarning.damaged(
            problem: problem,
            restoreFrom: newest.map { "\(clock.date(of: $0.takenAt)) \(clock.timeOfDay($0.takenAt))" },
            command: "nudge --store \(storePath) restore --latest")
        guard reportedStoreProblem != content.title else { return nil }
        reportedStoreProblem = content.title
        return content
    }

    /// The damage warning was shown under `warning`'s id: kept, and recorded beside the store
    /// for a daemon started later, which closes it if this one cannot.
    func damageWarningShown(_ warning: DamageWarning) {
        damageWarning = warning
        if !BackupLocation.recordDamageWarning(warning, store: storePath, waiting: false) {
            logger.debug(
                "damage warning: not recorded beside the store (no backup location, or another nudge writes it)")
        }
    }

    /// The check run again since a damage warning (`DamageRecheck`) finished: the warning to
    /// close when the store passed (nil otherwise).
    func rechecked(_ damage: String?) -> DamageWarning? {
        running = nil
        guard let damage else { return foundSound() }
        logger.notice("the store is still damaged (\(damage))")
        return nil
    }

    /// Checks the store again, off the loop, while a damage warning is on screen and the store
    /// changed since its last check: a restore is what makes it sound, and the warning's advice
    /// followed a second time would roll back what was written since.
    private func checkAgainIfWarned(dataVersion: Int) {
        guard running == nil, damageWarning != nil || reportedStoreProblem == StoreSafetyWarning.damagedTitle,
            checkedDataVersion != dataVersion
        else { return }
        checkedDataVersion = dataVersion
        let events = events
        running = DamageRecheck(connection: connection, storePath: storePath).start { events.push(.rechecked($0)) }
    }

    /// The store passed its check: a damage met again is said again; returns the warning on
    /// screen to close, forgotten beside the store too.
    private func foundSound() -> DamageWarning? {
        let warned = damageWarning != nil || reportedStoreProblem == StoreSafetyWarning.damagedTitle
        reportedDamage = nil
        if reportedStoreProblem == StoreSafetyWarning.damagedTitle { reportedStoreProblem = nil }
        guard warned else { return nil }
        logger.notice("the store passes SQLite's quick check again: its damage warning is closed")
        defer { damageWarning = nil }
        if damageWarning != nil {
            BackupLocation.recordDamageWarning(nil, store: storePath, waiting: false)
            DamageWarningFile.forget(store: storePath)
        }
        return damageWarning
    }

    /// A daemon that stops lets a running backup finish, within a bound under systemd's stop
    /// timeout (90 s): its file is then whole, or not there.
    func waitForRunning() {
        guard let running else { return }
        logger.notice("waiting for the backup to finish")
        if running.wait(timeout: .now() + 60) == .timedOut {
            logger.warning("the backup did not finish within 60 s; it is cut off")
        }
    }
}
