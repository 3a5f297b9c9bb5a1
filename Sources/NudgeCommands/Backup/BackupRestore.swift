import Foundation
import NudgeCore
import NudgeReports
import NudgeStore

/// `nudge restore` once its arguments are parsed: the backup named (or the newest sound one of
/// this store) copied privately, agreed to on a terminal or with --yes, and put in place of the
/// store, which is kept beside it as it was.
public struct BackupRestore {
    /// The backup named; nil for --latest.
    public var file: String?
    public var latest: Bool
    public var yes: Bool

    public init(file: String?, latest: Bool, yes: Bool) {
        (self.file, self.latest, self.yes) = (file, latest, yes)
    }

    public func run(_ context: CommandContext) throws {
        var named = self
        named.file = try file.map { try Self.listed($0, context) }
        try named.restoreNamed(context)
    }

    /// A backup named as `nudge backups` lists it (its file name alone): the one of that name
    /// in the backup folder, or an earlier one. A file of that name in the current folder too
    /// is refused: which one is meant cannot be told.
    private static func listed(_ file: String, _ context: CommandContext) throws -> String {
        guard !file.isEmpty, !file.contains("/") else { return file }
        let directory = context.backupDirectory
        let folders = [directory] + BackupDirectory.formerFolders(store: context.storePath, besides: directory)
        guard let listed = folders.map({ $0 + "/" + file }).first(where: { FileManager.default.fileExists(atPath: $0) })
        else { return file }
        guard FileManager.default.fileExists(atPath: file) else { return listed }
        throw UsageRefusal(
            "'\(file)' names a file in this folder and a backup in \(PathText.directory(of: listed)); give the path of the one to restore: ./\(file) or \(listed)"
        )
    }

    private func restoreNamed(_ context: CommandContext) throws {
        let keptPath =
            context.storePath + ".before-restore-" + Timestamp.format(context.now).filter { $0 != "-" && $0 != ":" }
        let orphanLog = Self.keepOrphanLog(keptPath: keptPath, context)
        // A backup is never written: not even by a restore into it.
        do { try Store.refuseBackup(at: context.storePath) } catch { throw CommandFailure(error) }
        // A copy of a store (or one that lost its identity) gets its own first: it takes
        // only its own backups, and keeps that identity.
        if let unknown = Store.identityUnknowable(at: context.storePath) { throw CommandFailure(unknown) }
        Store.claimIdentity(at: context.storePath, now: context.now)
        if let file {
            try Self.validateBackupFile(file, store: context.storePath)
            try Self.validateOwner(file, store: context.storePath, yes: yes)
        }
        guard yes || (context.environment.isTerminal && isatty(STDIN_FILENO) == 1) else {
            throw CommandFailure("restoring a backup needs --yes when nudge cannot ask on a terminal", exitCode: 64)
        }
        let (pinned, described) = try pinnedBackup(context)
        defer { pinned.remove() }
        let restored = try restore(pinned, described: described, keptPath: keptPath, context)
        // Made once the store is restored: a copy of the backup (its identity, and maybe the
        // removed store's inode number again) would be taken for a twin of the store by it.
        if let orphanLog, let database = OrphanLog.pair(orphanLog, with: pinned.path) {
            context.print(
                "beside it, \(database) is a copy of the backup restored, so that sqlite3 \(database) reads the two together (pages the log lacks are the backup's)"
            )
        }
        guard let restored else { return context.print("nothing restored") }
        // The restored store records the inode of the file it is now in.
        Store.claimIdentity(at: context.storePath, now: context.now)
        context.print("restored \(described)\(Self.outcome(restored))")
    }

    /// Before anything opens the path: a store made there again discards a log left beside it.
    /// Where it is kept.
    private static func keepOrphanLog(keptPath: String, _ context: CommandContext) -> String? {
        guard let log = OrphanLog.keepAside(of: context.storePath, as: keptPath) else { return nil }
        context.print(
            "the store's file is gone or empty, but its \(log.path.hasSuffix("-wal") ? "write-ahead log" : "journal") (\(ByteCountText.describe(log.size))) was beside it, which may hold what was written last: it is kept at \(log.path)"
        )
        return log.path
    }

    /// `; what it rolled back; where the store before it is kept`, and what else is so.
    private static func outcome(_ restored: Store.Restored) -> String {
        let written =
            restored.account.map { "; \($0.sentence)" }
            ?? (restored.replacedFile ? "" : "; what was written since then could not be counted")
        let kept = restored.keptAt.map { "; the store before the restore is kept at \($0)" } ?? ""
        let reopen =
            restored.replacedFile
            ? "; the damaged file was replaced, so programs that have the store open must open it again" : ""
        let identity = restored.identityLivesAt.map {
            "; the store whose identity the backup carries lives on at \($0), so this store got an identity of its own (that store's backups stay its own)"
        }
        return "\(written)\(kept)\(reopen)\(identity ?? "")"
    }

    /// Puts the backup in place once the person agrees (or with --yes); nil when they do not.
    private func restore(
        _ pinned: PinnedBackup, described: String, keptPath: String, _ context: CommandContext
    ) throws -> Store.Restored? {
        var agreed: RestoreAccount?
        if !yes {
            let account = Store.accountOfRestore(context.storePath, from: pinned)
            guard consents(context, described: described, account: account, keptPath: keptPath) else { return nil }
            agreed = account
        }
        while true {
            do {
                return try Store.restore(
                    context.storePath, from: pinned, keepingCurrentAt: keptPath,
                    now: context.now, expecting: agreed)
            } catch {
                // Written to while the question waited: asked again with what it rolls back now.
                guard let changed = error.changedAccount else {
                    throw CommandFailure(error.description, exitCode: error.exitCode)
                }
                guard
                    consents(
                        context, described: described, account: changed, keptPath: keptPath, changed: true)
                else { return nil }
                agreed = changed
            }
        }
    }

    /// `the backup of 2026-11-24 03:30`, or its path when it is not in a backup directory.
    private func describe(_ backup: String, _ context: CommandContext) -> String {
        let directory = PathText.directory(of: backup)
        let takenAt = BackupDirectory.list(in: directory, now: context.now).first { $0.path == backup }?.takenAt
        return takenAt.map { "the backup of \(LocalFormat.dateTime($0, clock: context.wallClock))" }
            ?? "the backup \(backup)"
    }

    /// The chosen backup, copied privately: what is asked about and restored is this copy,
    /// which a backup taken meanwhile cannot thin away. The newest that a backup taken while
    /// it was checked has thinned away already (nothing was said about it yet) gives way to
    /// the newest now.
    private func pinnedBackup(_ context: CommandContext) throws -> (PinnedBackup, described: String) {
        var attempts = 0
        while true {
            attempts += 1
            let (backup, note) = try chosenBackup(context)
            // Of one of several stores while this store's identity cannot be known: said whose.
            let whose =
                file.flatMap {
                    StoresApart(
                        directory: PathText.directory(of: $0), identity: Store.identity(at: context.storePath),
                        now: context.now)?.restoring($0)
                } ?? ""
            let described = describe(backup, context) + whose + note
            do { return (try PinnedBackup(backup, store: context.storePath, now: context.now), described) } catch {
                guard latest, attempts < 3, !FileManager.default.fileExists(atPath: backup) else {
                    throw CommandFailure(error.description, exitCode: error.exitCode)
                }
            }
        }
    }

    /// On a terminal, asks with the account the restore will print (the same words), so
    /// that what it rolls back is known before it does; asked again, says the store changed.
    private func consents(
        _ context: CommandContext, described: String, account: RestoreAccount?, keptPath: String,
        changed: Bool = false
    ) -> Bool {
        let written =
            account.map { " \($0.sentence.prefix(1).uppercased() + $0.sentence.dropFirst())." }
            ?? " What was written since then could not be counted."
        let news = changed ? "The store was written to while you were asked, so nothing was restored yet. " : ""
        return context.answersYes(
            "\(news)Restore \(described) in place of the store?\(written) The store as it is now is kept at \(keptPath).",
            byDefault: false)
    }
}
