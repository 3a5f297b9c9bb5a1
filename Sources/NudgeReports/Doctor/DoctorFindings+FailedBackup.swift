import Foundation
import NudgeCore
import NudgeStore

/// Doctor's line on a backup that failed after the newest was taken (`FailedBackup`): the
/// daemon's "Today's backup failed" sends the person here, and a newest backup still under two
/// days old would otherwise read as all well.
extension DoctorFindings {
    static func failedBackupFinding(store: String, newest: BackupFile?, now: Date, clock: WallClock) -> Finding? {
        guard let failed = BackupLocation.read(store: store)?.failedBackup,
            newest.map({ failed.failedAt > $0.takenAt }) ?? true
        else { return nil }
        let when =
            "\(LocalFormat.dateTime(failed.failedAt, clock: clock)) (\(DurationText.relative(-now.timeIntervalSince(failed.failedAt))))"
        let folder = TextInput.oneLine(failed.directory)
        let taken =
            newest.map {
                "; the newest taken is of \(LocalFormat.dateTime($0.takenAt, clock: clock)) (\(DurationText.relative(-now.timeIntervalSince($0.takenAt))))"
            } ?? "; none was taken before it"
        let room =
            failed.isDiskTooSmall
            ? "set a folder on a disk larger than the store: nudge settings set backup.directory PATH"
            : failed.isDiskFull
                ? "free space in \(folder) (df -h \(folder)), or set a folder on a disk with room: nudge settings set backup.directory PATH"
                : "do what it says"
        return .problem(
            "backups: the last backup, at \(when), failed: \(TextInput.oneLine(failed.reason))\(taken)",
            fix: "\(room); then: \(NudgeLine.on(store, "backup"))")
    }
}
