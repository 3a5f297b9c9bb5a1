import ArgumentParser
import Foundation
import NudgeCommands
import NudgeCore
import NudgeReports
import NudgeStore

extension Nudge {
    struct Backup: NudgeCommand, TellsLockWaits {
        static let configuration = CommandConfiguration(
            abstract: "Back the store up now, checked, into the backup directory or a file.",
            discussion: """
                The backup is taken through SQLite's online backup, consistent while other programs write, and is the whole file: every app's tables. It is written to a temporary file, checked whole (PRAGMA integrity_check), synced and renamed. Into the backup directory (backup.directory, by default STORE.backups beside the store) it is named by its UTC instant, and old ones are thinned as the daemon thins them (the newest whole one of a day is kept: an earlier one of the same day is removed, and named; so are the partial files of a backup killed midway, and the copies a restore killed midway left beside the store, at once when the process that wrote them is gone or its pid is now a process's that started after they were last written, and after 10 s when it is a live process's that started before, never while a backup or restore still writes them); a backup is never opened as a store, nor backed up (--store BACKUP is refused: restore it instead); with --output it replaces only a regular file (mode 0600), and says so, with that file's size and date, never the store or one of its files, nor any other SQLite database (another store, a backup). The daemon keeps daily backups by itself (nudge(5), backup.enabled).
                """)
        @OptionGroup var global: GlobalOptions
        @Option(help: "Write the backup to this file instead of the backup directory.") var output: String?

        func run(_ context: CommandContext) throws {
            if let output { try Self.validate(output: output, context) }
            guard FileManager.default.fileExists(atPath: context.storePath) else {
                // One nudge backed up that is gone is damage, not a store to come.
                do { _ = try Store(readingOnly: context.storePath, now: context.now) } catch {
                    throw CommandFailure(error)
                }
                throw CommandFailure("there is no store at \(context.storePath) yet; nothing to back up", exitCode: 66)
            }
            // A backup's backup would carry its store's identity and thin that store's backups.
            do { try Store.refuseBackup(at: context.storePath) } catch { throw CommandFailure(error) }
            // A copy of a store (or one that lost its identity) gets its own before its backup.
            Store.claimIdentity(at: context.storePath, now: context.now)
            let replaced = output.flatMap { Self.describeExisting($0, context) }
            let (backup, removed, leftovers) = try take(context)
            // A killed restore leaves a copy of the whole store beside it.
            let restoreLeftovers = AbandonedFiles.removeTemporary(
                beside: context.storePath, prefix: Store.restoreTemporaryPrefix, now: Date())
            let counts = BackupDirectory.counts(backup.path, immutable: true).map {
                BackupDirectory.phrase($0.count, $0.label)
            }.joined(separator: ", ")
            // The thinning keeps the newest of a day: an earlier backup of today goes, and says so.
            let thinned =
                removed.isEmpty
                ? ""
                : "; removed as the daily backups are kept (nudge(5)): "
                    + removed.map { ($0.path as NSString).lastPathComponent }.joined(separator: ", ")
            // What a killed backup left: no backup, but files a person may wonder about.
            let cleaned =
                leftovers.isEmpty
                ? ""
                : "; removed what \(leftovers.count == 1 ? "a backup" : "backups") killed midway left: "
                    + leftovers.joined(separator: ", ")
            let restoresCleaned =
                restoreLeftovers.isEmpty
                ? ""
                : "; removed what \(restoreLeftovers.count == 1 ? "a restore" : "restores") killed midway left beside the store: "
                    + restoreLeftovers.joined(separator: ", ")
            context.print(
                "backed up the store to \(backup.path) (\(ByteCountText.describe(backup.size)), checked: ok; \(counts))\(thinned)\(cleaned)\(restoresCleaned)"
            )
            // README says --output replaces a regular file: never unsaid.
            if let replaced { context.print("replaced the file that was at \(backup.path) (\(replaced))") }
            if let stale = BackupLocation.staleness(store: context.storePath) {
                context.environment.errors(
                    "nudge: warning: \(stale.problem), \(BackupLocation.staleConsequence); \(stale.fix)\n")
            }
        }

        /// `12 B, last changed 2026-11-20 10:00 UTC` of the regular file at `path`; nil when
        /// there is none.
        private static func describeExisting(_ path: String, _ context: CommandContext) -> String? {
            var status = stat()
            guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
            let changed = Date(timeIntervalSince1970: Double(status.st_mtim.tv_sec))
            return
                "\(ByteCountText.describe(Int(status.st_size))), last changed \(LocalFormat.dateTime(changed, clock: context.wallClock))"
        }

        private static func validate(output: String, _ context: CommandContext) throws {
            try PrivateFile.validateOutput(output, store: context.storePath, backupDirectory: context.backupDirectory)
            // A WAL left beside the file would be read with the new backup's pages.
            if FileManager.default.fileExists(atPath: output + "-wal") {
                throw ValidationError(
                    "--output '\(output)' has a -wal file beside it, which SQLite would read with the backup; give another path"
                )
            }
        }

        /// The backup, to --output or into the backup directory, the older ones that thinning
        /// the directory removed, and the temporary files of killed backups removed from it.
        private func take(_ context: CommandContext) throws -> (BackupFile, removed: [BackupFile], leftovers: [String])
        {
            let store = try context.openStoreForReading()
            let setting = try store.run { try $0.settings() }[BackupPolicy.directory]
            do {
                if let output {
                    let size = try store.backUp(toFile: output, at: context.now)
                    return (BackupFile(path: output, takenAt: context.now, size: size), [], [])
                }
                let directory = BackupDirectory.directory(store: context.storePath, setting: setting)
                let backup = try store.backUp(into: directory, at: context.now)
                // A backup holds its store's identity; one without thins nothing.
                let leftovers = BackupDirectory.removeAbandoned(in: directory)
                guard case .store(let identity) = backup.origin else { return (backup, [], leftovers) }
                let removed = BackupDirectory.thin(
                    directory, store: context.storePath, identity: identity, keeping: backup.path,
                    clock: context.wallClock, now: context.now)
                return (backup, removed, leftovers)
            } catch {
                throw CommandFailure(error.description, exitCode: error.exitCode)
            }
        }
    }
}
