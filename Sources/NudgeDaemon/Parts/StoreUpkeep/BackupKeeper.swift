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

    init(store: Store, storePath: String, events: EventQueue, logger: Logger) {
        self.store = store
        self.storePath = storePath
        self.events = events
        self.logger = logger
    }

    /// Starts the backup when it is due; returns when the next one is (nil: backups are off, or
    /// one is running and its end plans again).
    func keep(settings: Settings, starting: Bool, now: Date, wallClock clock: WallClock) -> Date? {
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
        let events = events
        running = DailyBackup(
            connection: connection, storePath: storePath, directory: directory,
            identity: identity, takenAt: now, clock: clock
        ).start { events.push(.backedUp($0)) }
        return nil
    }

    /// The backup's thread finished: says what it found; returns the warning to show, once
    /// (nil when it was shown already, or all is well).
    func backedUp(_ outcome: DailyBackup.Outcome, wallClock clock: WallClock) -> NotificationContent? {
        running = nil
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
            return nil
        }
        guard reportedStoreProblem != content.title else { return nil }
        reportedStoreProblem = content.title
        return content
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
