import Foundation
import NudgeCore

#if canImport(Glibc)
    import Glibc
#endif

/// A backup the policy would remove, kept because it holds rows the newest backup lacks.
public struct HeldBackup: Sendable, Equatable {
    public var backup: BackupFile
    /// Its rows the newest lacks (deleted since, or as they were before an edit); nil when the
    /// two could not be compared, which keeps it too.
    public var rowsLacking: Int?

    /// `kept: holds 1 row the newer backups lack`.
    public var reason: String {
        guard let rowsLacking else { return "kept: it could not be compared with the newest backup" }
        return "kept: holds \(rowsLacking) \(rowsLacking == 1 ? "row" : "rows") the newer backups lack"
    }
}

/// What a thinning did: the backups it removed, and those it kept for their rows alone.
public struct Thinning: Sendable, Equatable {
    public var removed: [BackupFile] = []
    public var held: [HeldBackup] = []

    public init() {}
}

extension BackupDirectory {
    /// Removes the backups of the store at `store` (of `identity`) that `BackupPolicy` does not
    /// keep (with files SQLite cannot read, which are no one's backup; never one this user may
    /// not open, which may be anyone's, nor another user's); returns them. The
    /// policy counts whole backups only (`looksWhole`): one cut short never is a day's, week's
    /// or month's in place of a whole one, and goes. Another store's backups, those taken
    /// before identities, the store's own file, a live store (`isLive`) and `keeping` (the one
    /// just taken, which a newer one of its day would displace after the clock went back) are
    /// never removed. Nor is one taken ahead of `now` (a clock that was ahead): it takes no
    /// day's, week's or month's place from the real ones, and is thinned once the clock passes it.
    /// Nor are those taken from another live store of the same identity (`IdentityTwin`).
    @discardableResult
    public static func thin(
        _ directory: String, store: String, identity: String?, keeping: String? = nil, clock: WallClock, now: Date
    ) -> [BackupFile] {
        thinning(directory, store: store, identity: identity, keeping: keeping, clock: clock, now: now).removed
    }

    /// `thin`, and the backups it kept for their rows: a whole one of the last 7 days that have
    /// one (`BackupPolicy.isAmongDailyDays`) that holds rows the newest backup lacks, the only
    /// copy of an entry deleted since or of an entry before its edit, stays until its day leaves
    /// them (hostile round 30 on issue 39: a backup taken after a delete removed the morning's,
    /// the deleted entry's only copy).
    public static func thinning(
        _ directory: String, store: String, identity: String?, keeping: String? = nil, clock: WallClock, now: Date
    ) -> Thinning {
        let listed = list(in: directory, now: now, store: store).filter { backup in
            switch backup.origin {
            case .store(let owner): owner == identity
            case .damaged: true
            case .unmarked, .foreign, .unreadable: false
            }
        }
        let backups = IdentityTwin.own(listed, identity: identity, store: store).filter { !$0.isAhead(of: now) }.map {
            ($0, $0.looksWhole)
        }
        let whole = backups.filter(\.1).map(\.0)
        let instants = whole.map(\.takenAt)
        let kept = keptFiles(whole, instants: BackupPolicy.kept(instants, clock: clock), now: now)
        let newest = newestFirst(whole, now: now).first
        var outcome = Thinning()
        for (backup, isWhole) in backups where !kept.contains(backup.path) && backup.path != keeping {
            guard isOwn(backup.path) else { continue }
            if isWhole, let newest, backup.path != newest.path,
                BackupPolicy.isAmongDailyDays(backup.takenAt, of: instants, clock: clock)
            {
                let lacking = rowsLacking(in: newest.path, from: backup.path)
                if lacking != 0 {
                    outcome.held.append(HeldBackup(backup: backup, rowsLacking: lacking))
                    continue
                }
            }
            if unlink(backup.path) == 0 { outcome.removed.append(backup) }
        }
        return outcome
    }

    /// The rows the backup at `older` holds that the one at `newer` lacks, compared as a restore's
    /// account compares (by primary key and content): those deleted since, and those changed
    /// since as they were. Nil when the two cannot be compared.
    static func rowsLacking(in newer: String, from older: String) -> Int? {
        guard let account = try? RestoreAccount.compare(store: newer, backup: older) else { return nil }
        if let other = account.otherStore { return other.backupRows }
        return account.comingBack.reduce(0) { $0 + $1.count } + account.notInBackup.reduce(0) { $0 + $1.changed }
    }

    /// The files the policy keeps: of several taken within one second (`.2`, `.3`), which share
    /// their instant, the newest alone, as it would be of several in one day (hostile round 19
    /// on issue 39: they stayed until the next second's backup).
    private static func keptFiles(_ backups: [BackupFile], instants: Set<Date>, now: Date) -> Set<String> {
        var seen: Set<Date> = []
        return Set(
            newestFirst(backups, now: now).filter { instants.contains($0.takenAt) && seen.insert($0.takenAt).inserted }
                .map(\.path))
    }

    /// Whether this user owns the file: another user's (in a folder users share) is never
    /// removed, damaged or not; nudge cannot tell it was a backup of this store.
    private static func isOwn(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_uid == getuid()
    }
}
