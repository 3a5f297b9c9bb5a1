import Foundation
import NudgeCore
import NudgeStore

/// The daily backup (`BackupPolicy`): taken after what was due in the same wake, thinned, and
/// followed by SQLite's quick check of the store. A failure or damage is logged and shown once.
extension Daemon {
    /// Takes the backup when it is due; returns when the next one is (nil: backups are off).
    func keepBackups(settings: Settings, starting: Bool) -> Date? {
        guard settings.bool(BackupPolicy.enabled) else { return nil }
        let directory = BackupDirectory.directory(store: configuration.storePath, setting: settings[BackupPolicy.directory])
        if lastBackup?.directory != directory {
            lastBackup = (directory, BackupDirectory.list(in: directory).first?.takenAt)
        }
        let clock = WallClock(zone: timeZone)
        let time = LocalTime(parsing: settings[BackupPolicy.time]) ?? LocalTime(hour: 3, minute: 30)!
        let now = configuration.clock.now()
        let due = BackupPolicy.nextBackup(newest: lastBackup?.takenAt, now: now, starting: starting, time: time, clock: clock)
        guard due <= now else { return due }
        // Tried once per due instant: a failure waits for the next one, as a success does.
        lastBackup = (directory, now)
        let failure: String?
        do {
            let backup = try store.backUp(into: directory, at: now)
            let removed = BackupDirectory.thin(directory, clock: clock, now: now)
            logger.notice("backed up the store to \(backup.path) (\(backup.size) bytes, checked)\(removed.isEmpty ? "" : "; removed \(removed.count) older")")
            failure = nil
        } catch {
            failure = error.description
        }
        checkStore(directory: directory, backupFailure: failure)
        return BackupPolicy.nextBackup(newest: now, now: now, starting: false, time: time, clock: clock)
    }

    /// SQLite's quick check after the backup: damage is said once, naming the newest sound backup.
    private func checkStore(directory: String, backupFailure: String?) {
        let problem: String?
        do { problem = try store.quickCheck() } catch { problem = error.description }
        let content: NotificationContent
        if let problem {
            logger.critical("the store is damaged (\(problem))")
            let newest = BackupDirectory.newestSound(in: directory)
            content = StoreSafetyWarning.damaged(
                problem: problem, restoreFrom: newest.map { "\(WallClock(zone: timeZone).date(of: $0.takenAt)) \(WallClock(zone: timeZone).timeOfDay($0.takenAt))" },
                command: "nudge --store \(configuration.storePath) restore --latest")
        } else if let backupFailure {
            logger.error("the backup failed: \(backupFailure)")
            content = StoreSafetyWarning.backupFailed(reason: backupFailure)
        } else {
            reportedStoreProblem = nil
            return
        }
        guard reportedStoreProblem != content.title else { return }
        reportedStoreProblem = content.title
        do { _ = try notifier.show(content, replacing: nil) } catch { logger.error("cannot show \(content.title): \(error)") }
    }
}
