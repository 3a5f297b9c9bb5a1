import ArgumentParser
import Foundation
import NudgeCommands
import NudgeCore
import NudgeReports
import NudgeStore
import NudgeSystem

extension Nudge {
    struct Restore: NudgeCommand, TellsLockWaits {
        static let configuration = CommandConfiguration(
            abstract: "Put a backup in place of the store, keeping the store as it was.",
            discussion: """
                The backup must be a sound nudge store; it is migrated to this nudge's schema and written into the store in one transaction, which a running daemon follows at once. Under the same write lock the store as it was is first kept beside it as STORE.before-restore-INSTANT (.2, .3... when the name is taken; mode 0600), which nudge never deletes: every write any program committed is in one or the other. Only a damaged store is replaced by a rename (programs that have it open must open it again); any other failure leaves it as it was. Says what the store has that the backup has not, by rows of every table of every app and the settings (compared by content and primary key: added, or changed since), and the rows deleted since (also in a table dropped since) that come back, by kind; of another store's backup, how many of its rows replace the store's; on a terminal it asks first, with the same account (when the store was written to while it asked, it counts again under the write lock, restores nothing, says so and asks again); elsewhere it needs --yes. The backup is copied privately before it asks: what it counts and restores is the backup named, even when a backup taken meanwhile removes the file. The store keeps its identity, never the backup's (a store not there yet gets a new one, unless the STORE.backup-location left beside it names one, or, with no such file, the backup is from STORE.backups, which holds that one store's backups alone: the removed store has come back, and keeps the backup's; its folder is made, 0700): --latest takes only its own backups (where stores share the backup directory), and another store's backup is restored only when named, with --yes. A backup given as the store (--store BACKUP) is refused: nothing is restored into a backup. A backup folder that cannot be read is said to be so (exit 66); so is, for --latest, an earlier one that cannot be read or is not there (it may hold the newest): make it readable or mount it, or restore by path.
                """)
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The backup file to restore (nudge backups lists them).") var file: String?
        @Flag(help: "Restore the newest backup that passes its check.") var latest = false
        @Flag(help: "Restore without asking.") var yes = false

        func validate() throws {
            switch (file, latest) {
            case (nil, false):
                throw ValidationError(
                    "give the backup to restore, or --latest for the newest sound one (nudge backups lists them)")
            case (.some, true): throw ValidationError("give either a backup file or --latest, not both")
            case (.some, false), (nil, true): break
            }
        }

        /// A file that is there, readable, and not the store itself.
        static func validateBackupFile(_ file: String, store: String) throws {
            guard !file.isEmpty else {
                throw ValidationError(
                    "the backup's path is empty; give the backup to restore (nudge backups lists them)")
            }
            var status = stat()
            guard stat(file, &status) == 0 else {
                throw ValidationError(
                    "the backup '\(file)' does not exist; give a backup's path (nudge backups lists them)")
            }
            guard status.st_mode & S_IFMT == S_IFREG, access(file, R_OK) == 0 else {
                throw ValidationError(
                    "the backup '\(file)' is not a readable file; give a backup's path (nudge backups lists them)")
            }
            // Checked before it is copied privately: a mistyped path (a disk image) would fill
            // the store's disk first.
            guard Self.beginsAsSQLite(file) else {
                throw CommandFailure(
                    "the backup '\(file)' is not a SQLite file (it does not begin as one); give a backup's path (nudge backups lists them)",
                    exitCode: 65)
            }
            var storeStatus = stat()
            if StoreLocation.canonical(file) == StoreLocation.canonical(store)
                || (stat(store, &storeStatus) == 0 && storeStatus.st_dev == status.st_dev
                    && storeStatus.st_ino == status.st_ino)
            {
                throw ValidationError(
                    "'\(file)' is the store itself; give one of its backups (nudge backups lists them)")
            }
        }

        /// Whether the file's first 16 bytes are SQLite's header string.
        static func beginsAsSQLite(_ file: String) -> Bool {
            guard let handle = FileHandle(forReadingAtPath: file) else { return false }
            defer { try? handle.close() }
            return (try? handle.read(upToCount: 16)) == Data("SQLite format 3\0".utf8)
        }

        func run(_ context: CommandContext) throws {
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
            let keptPath =
                context.storePath + ".before-restore-" + Timestamp.format(context.now).filter { $0 != "-" && $0 != ":" }
            guard let restored = try restore(pinned, described: described, keptPath: keptPath, context) else {
                return context.print("nothing restored")
            }
            // The restored store records the inode of the file it is now in.
            Store.claimIdentity(at: context.storePath, now: context.now)
            let written =
                restored.account.map { "; \($0.sentence)" }
                ?? (restored.replacedFile ? "" : "; what was written since then could not be counted")
            let kept = restored.keptAt.map { "; the store before the restore is kept at \($0)" } ?? ""
            let reopen =
                restored.replacedFile
                ? "; the damaged file was replaced, so programs that have the store open must open it again" : ""
            context.print("restored \(described)\(written)\(kept)\(reopen)")
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

        /// Another store's backup (one that shares the backup directory) is put in place of this
        /// store only when it is named and --yes says so: the store keeps its own identity.
        static func validateOwner(_ file: String, store: String, yes: Bool) throws {
            guard !yes, let identity = Store.identity(at: store), case .store(let owner)? = BackupFile.origin(of: file),
                owner != identity
            else { return }
            throw ValidationError(
                "'\(file)' is a backup of another store, not of \(store); to put it in place of this store all the same, give it with --yes"
            )
        }

        /// `the backup of 2026-11-24 03:30`, or its path when it is not in a backup directory.
        private func describe(_ backup: String, _ context: CommandContext) -> String {
            let directory = PathText.directory(of: backup)
            let takenAt = BackupDirectory.list(in: directory, now: context.now).first { $0.path == backup }?.takenAt
            return takenAt.map { "the backup of \(LocalFormat.dateTime($0, clock: context.wallClock))" }
                ?? "the backup \(backup)"
        }

        /// The backup to restore, and for `--latest`, what it passed over (`unopenableNote`).
        private func chosenBackup(_ context: CommandContext) throws -> (path: String, note: String) {
            if let file { return (file, "") }
            let setting =
                (try? Store(readingOnly: context.storePath, now: context.now).settings()[BackupPolicy.directory])
            let directory =
                setting.map { BackupDirectory.directory(store: context.storePath, setting: $0) }
                ?? BackupDirectory.directory(ofDamagedStore: context.storePath)
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
                        formerFolders: Array(formerFolders.dropFirst()))
                else { throw CommandFailure(unreadable, exitCode: 66) }
                return (newest.path, " (from a folder backup.directory named before: \(unreadable))")
            }
            // The newest may be in an earlier folder that cannot be read, or that a location
            // file that cannot be read names: never passed over unsaid.
            if let stale = BackupLocation.staleness(store: context.storePath) {
                throw CommandFailure(
                    "\(stale.problem), so the earlier backup folders it names cannot be known, and one may hold this store's newest backup; \(stale.fix), or restore a backup by its path (nudge backups lists them)",
                    exitCode: 66)
            }
            if let (folder, reason) = BackupDirectory.unreadFormerFolders(
                store: context.storePath, besides: directory
            ).first {
                throw CommandFailure(
                    "\(BackupDirectory.unreadFolderText(folder, reason)), which may hold this store's newest backup; make it readable (chmod u+rwx) or mount it, or restore a backup by its path (nudge backups lists them)",
                    exitCode: 66)
            }
            // Files nudge may not open may be this store's newest: never passed over unsaid.
            let unopenable = BackupDirectory.unopenable(in: [directory] + formerFolders, now: context.now)
            guard
                let newest = BackupDirectory.newestSound(
                    in: directory, now: context.now, identity: identity, formerFolders: formerFolders)
            else {
                let stores = BackupDirectory.stores(BackupDirectory.list(in: directory, now: context.now)).count
                throw CommandFailure(
                    identity == nil && stores > 1
                        ? "the store's identity cannot be read, and \(directory) holds the backups of \(stores) stores; give the backup's path instead (nudge backups lists them)"
                        : "\(directory) has no sound backup of this store to restore\(Self.unopenableNote(unopenable)); give a backup's path instead",
                    exitCode: 66)
            }
            return (newest.path, Self.unopenableNote(unopenable.filter { $0.takenAt > newest.takenAt }, newer: true))
        }

        /// ` (DIR/nudge-….sqlite, newer, cannot be read: permission denied; if it is yours, …)`;
        /// empty when there is none.
        static func unopenableNote(_ files: [BackupFile], newer: Bool = false) -> String {
            guard let newest = files.first, let reason = newest.unreadableReason else { return "" }
            let others = files.count == 1 ? "" : " and \(files.count - 1) more"
            return
                " (\(newest.path)\(others)\(newer ? ", newer," : "") cannot be read: \(reason.lowercased()); if it is yours, make it readable with chown and chmod, and restore it by its path)"
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
                let described = describe(backup, context) + note
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
}
