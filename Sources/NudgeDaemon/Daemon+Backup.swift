import Foundation
import NudgeCore
import NudgeStore

/// The daily backup (`BackupPolicy`): started after what was due in the same wake, on its own
/// thread (`DailyBackup`); thinned, and followed by SQLite's quick check of the store. A failure
/// or damage is logged and shown once.
extension Daemon {
    /// Starts the backup when it is due; returns when the next one is (nil: backups are off, or
    /// one is running and its end plans again).
    func keepBackups(settings: Settings, starting: Bool) -> Date? {
        guard settings.bool(BackupPolicy.enabled), runningBackup == nil else { return nil }
        let directory = BackupDirectory.directory(
            store: configuration.storePath, setting: settings[BackupPolicy.directory])
        let now = configuration.clock.now()
        let identity = (try? store.identity()) ?? nil
        if lastBackup?.directory != directory || lastBackup?.identity != identity {
            // Another store's backup in a shared directory is not this store's newest. One taken
            // ahead of now (a wrong clock) would stop backups. A damaged or cut-short newest file
            // is no backup: the store is backed up again.
            let newest = BackupDirectory.list(in: directory, now: now).first {
                $0.origin == .store(identity ?? "") && !$0.isAhead(of: now) && $0.looksWhole
            }
            lastBackup = (directory, identity, newest?.takenAt)
        }
        let clock = wallClock
        let time = LocalTime(parsing: settings[BackupPolicy.time]) ?? LocalTime(hour: 3, minute: 30)!
        let due = BackupPolicy.nextBackup(
            newest: lastBackup?.takenAt, now: now, starting: starting, time: time, clock: clock)
        guard due <= now else { return due }
        // Tried once per due instant: a failure waits for the next one, as a success does.
        lastBackup = (directory, identity, now)
        let events = events
        runningBackup = DailyBackup(
            connection: backupConnection, storePath: configuration.storePath, directory: directory,
            identity: identity, takenAt: now, clock: clock
        ).start { events.push(.backedUp($0)) }
        return nil
    }

    /// The backup's thread finished: says what it found, once, and plans again for the next.
    func backedUp(_ outcome: DailyBackup.Outcome) {
        runningBackup = nil
        if let backup = outcome.backup {
            logger.notice(
                "backed up the store to \(backup.path) (\(backup.size) bytes, checked)\(outcome.removed == 0 ? "" : "; removed \(outcome.removed) older")"
            )
        }
        defer { reconcile(because: "backed up") }
        let content: NotificationContent
        if let damage = outcome.damage {
            logger.critical("the store is damaged (\(damage))")
            let clock = wallClock
            content = StoreSafetyWarning.damaged(
                problem: damage,
                restoreFrom: outcome.restoreFrom.map { "\(clock.date(of: $0.takenAt)) \(clock.timeOfDay($0.takenAt))" },
                command: "nudge --store \(configuration.storePath) restore --latest")
        } else if let failure = outcome.failure {
            logger.error("the backup failed: \(failure)")
            content = StoreSafetyWarning.backupFailed(reason: failure, earlierBackups: outcome.earlierBackups)
        } else {
            reportedStoreProblem = nil
            return
        }
        guard reportedStoreProblem != content.title else { return }
        reportedStoreProblem = content.title
        let logger = logger
        notifier.show(content, replacing: nil) { result in
            if case .failure(let error) = result { logger.error("cannot show \(content.title): \(error)") }
        }
    }

    /// A daemon that stops lets a running backup finish, within a bound under systemd's stop
    /// timeout (90 s): its file is then whole, or not there.
    func waitForRunningBackup() {
        guard let runningBackup else { return }
        logger.notice("waiting for the backup to finish")
        if runningBackup.wait(timeout: .now() + 60) == .timedOut {
            logger.warning("the backup did not finish within 60 s; it is cut off")
        }
    }
}
