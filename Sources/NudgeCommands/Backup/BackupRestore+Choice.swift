import Foundation
import NudgeCore
import NudgeReports
import NudgeStore

extension BackupRestore {
    /// The backup to restore, and for `--latest`, what it passed over (`unopenableNote`).
    func chosenBackup(_ context: CommandContext) throws -> (path: String, note: String) {
        if let file { return (file, "") }
        let setting =
            (try? Store(readingOnly: context.storePath, now: context.now).settings()[BackupPolicy.directory])
        let directory =
            setting.map { BackupDirectory.directory(store: context.storePath, setting: $0) }
            ?? BackupDirectory.directory(ofDamagedStore: context.storePath)
        // One being written now (the daemon's nightly backup, a `nudge backup`) is the newest.
        let seconds = Int(BackupInProgress.bound)
        guard
            BackupInProgress.waitForBackups(
                in: directory,
                waiting: {
                    context.print("a backup into \(directory) is being written: waiting for it (up to \(seconds) s)")
                })
        else {
            throw CommandFailure(
                "a backup into \(directory) was still being written after \(seconds) s; nothing was restored; try again when it has finished, or restore a backup by its path (nudge backups lists them)",
                exitCode: 75)
        }
        let identity = Store.identity(at: context.storePath)
        let formerFolders = BackupDirectory.formerFolders(store: context.storePath, besides: directory)
        // A folder that cannot be read now (a FIFO another program named, no permission)
        // leaves the earlier ones: their newest is taken, and the folder named.
        if let unreadable = BackupDirectory.unreadable(directory, store: context.storePath) {
            // Not there (an unmounted disk), it holds the newest: never passed over.
            guard FileManager.default.fileExists(atPath: directory) else {
                throw CommandFailure(
                    "\(unreadable), or restore a backup by its path (nudge backups lists them)", exitCode: 66)
            }
            guard let latestFormer = formerFolders.first,
                let newest = BackupDirectory.newestSound(
                    in: latestFormer, now: context.now, identity: identity,
                    formerFolders: Array(formerFolders.dropFirst()), store: context.storePath)
            else { throw CommandFailure(unreadable, exitCode: 66) }
            return (newest.path, " (from a folder backup.directory named before: \(unreadable))")
        }
        try Self.refuseWhenTheNewestMayBeElsewhere(directory: directory, store: context.storePath)
        // Files nudge may not open may be this store's newest: never passed over unsaid.
        let unopenable = BackupDirectory.unopenable(in: [directory] + formerFolders, now: context.now)
        guard
            let newest = BackupDirectory.newestSound(
                in: directory, now: context.now, identity: identity, formerFolders: formerFolders,
                store: context.storePath)
        else {
            throw CommandFailure(
                StoresApart(directory: directory, identity: identity, now: context.now)?.choice(
                    context.wallClock, store: context.storePath)
                    ?? "\(directory) has no sound backup of this store to restore\(Self.unopenableNote(unopenable)); give a backup's path instead",
                exitCode: 66)
        }
        try Self.refuseAmongBackupsAhead(newest, directory: directory, identity: identity, context)
        // Taken only when no other is sound (`newestSound`, `refuseAmongBackupsAhead`): never unsaid.
        let ahead =
            newest.isAhead(of: context.now)
            ? " (dated ahead of the clock, and this store's only sound backup; check the time with timedatectl)" : ""
        return (
            newest.path,
            ahead + Self.unopenableNote(unopenable.filter { $0.takenAt > newest.takenAt }, newer: true)
                + Self.damagedNote(in: directory, newerThan: newest, identity: identity, context)
        )
    }

    /// Refuses `--latest` when the newest sound backup is dated ahead of the clock and another
    /// sound one is too: the clock is behind now, or was ahead when one was taken, so their dates
    /// cannot tell which was taken last (hostile round 30 on issue 39, Medium 1: with the clock
    /// behind, the one dated furthest ahead, with 2 entries, was restored as "this store's only
    /// sound backup" over one taken later by the right clock, with 5). Each is named with its command.
    private static func refuseAmongBackupsAhead(
        _ newest: BackupFile, directory: String, identity: String?, _ context: CommandContext
    ) throws {
        guard newest.isAhead(of: context.now) else { return }
        let others = BackupDirectory.list(in: directory, now: context.now, identity: identity, store: context.storePath)
            .filter {
                $0.path != newest.path && $0.isAhead(of: context.now) && $0.unreadableReason == nil
                    && BackupDirectory.inspect($0.path).isSound
            }
        guard !others.isEmpty else { return }
        let each = ([newest] + others).map { backup in
            "the one dated \(LocalFormat.dateTime(backup.takenAt, clock: context.wallClock)) with: \(NudgeLine.restore(backup.path, into: context.storePath))"
        }
        throw CommandFailure(
            "\(others.count + 1) sound backups of this store are dated ahead of the clock (\(LocalFormat.dateTime(context.now, clock: context.wallClock))), so --latest cannot tell which was taken last: the clock is behind now, or was ahead when one was taken; check the time with timedatectl, and restore \(each.joined(separator: ", or ")) (nudge backups lists them)",
            exitCode: 65)
    }

    /// ` (the newer DIR/nudge-….sqlite is damaged, passed over)`: what `--latest` did not take
    /// is never passed over unsaid; empty when there is none.
    private static func damagedNote(
        in directory: String, newerThan chosen: BackupFile, identity: String?, _ context: CommandContext
    ) -> String {
        let damaged = BackupDirectory.list(
            in: directory, now: context.now, identity: identity, store: context.storePath
        )
        .filter {
            $0.takenAt > chosen.takenAt && $0.takenAt <= context.now && $0.unreadableReason == nil
                && !BackupDirectory.inspect($0.path).isSound
        }.sorted { $0.takenAt > $1.takenAt }
        guard let newest = damaged.first else { return "" }
        let others = damaged.count == 1 ? " is" : " and \(damaged.count - 1) more are"
        return " (the newer \(newest.path)\(others) damaged, passed over)"
    }

    /// Refuses `--latest` where the newest backup may be in a folder it cannot see: the folder
    /// lacks the newest taken into it, or an earlier folder, or the file naming them, cannot be
    /// read.
    private static func refuseWhenTheNewestMayBeElsewhere(directory: String, store: String) throws {
        // There without the newest backup taken into it (an unplugged disk's mount point): the
        // newest is elsewhere, and an older one would roll back days unsaid.
        if let lacking = BackupDirectory.lacksItsNewest(directory, store: store) {
            throw CommandFailure("\(lacking.problem); \(lacking.fix)", exitCode: 66)
        }
        // The newest may be in an earlier folder that cannot be read, or that a location
        // file that cannot be read names: never passed over unsaid.
        if let stale = BackupLocation.staleness(store: store) {
            throw CommandFailure(
                "\(stale.problem), so the earlier backup folders it names cannot be known, and one may hold this store's newest backup; \(stale.fix), or restore a backup by its path (nudge backups lists them)",
                exitCode: 66)
        }
        if let (folder, reason) = BackupDirectory.unreadFormerFolders(
            store: store, besides: directory
        ).first {
            throw CommandFailure(
                "\(BackupDirectory.unreadFolderText(folder, reason)), which may hold this store's newest backup; make it readable (chmod u+rwx) or mount it, or restore a backup by its path (nudge backups lists them)",
                exitCode: 66)
        }
    }

    /// ` (DIR/nudge-….sqlite, newer, cannot be read: permission denied; if it is yours, …)`;
    /// empty when there is none.
    static func unopenableNote(_ files: [BackupFile], newer: Bool = false) -> String {
        guard let newest = files.first, let reason = newest.unreadableReason else { return "" }
        let others = files.count == 1 ? "" : " and \(files.count - 1) more"
        return
            " (\(newest.path)\(others)\(newer ? ", newer," : "") cannot be read: \(reason.lowercased()); if it is yours, make it readable with chown and chmod, and restore it by its path)"
    }
}
