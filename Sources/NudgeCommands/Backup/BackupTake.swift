import Foundation
import NudgeCore
import NudgeReports
import NudgeStore

/// `nudge backup` once its arguments are parsed: the store backed up, checked, into the backup
/// directory (thinned as the daemon thins it) or to `--output`, and what was removed said.
public struct BackupTake {
    /// The file to write instead of the backup directory.
    public var output: String?

    public init(output: String?) {
        self.output = output
    }

    public func run(_ context: CommandContext) throws {
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
        let replaced = output.flatMap { ReplacedFile(at: $0, clock: context.wallClock)?.described }
        let (backup, thinning, leftovers) = try take(context)
        // A killed restore leaves a copy of the whole store beside it.
        let restoreLeftovers = AbandonedFiles.removeTemporary(
            beside: context.storePath, prefix: Store.restoreTemporaryPrefix, now: Date())
        // So does one interrupted before it named its copy of the store: named now, or removed.
        let keptCopies = KeptCopy.settleAbandoned(beside: context.storePath, now: Date())
        context.print(
            Self.taken(backup, thinning: thinning, leftovers: leftovers, restoreLeftovers: restoreLeftovers)
                + keptCopies.map { "; gave the copy of the store an interrupted restore kept its name: \($0)" }.joined()
        )
        // README says --output replaces a regular file: never unsaid.
        if let replaced { context.print("replaced the file that was at \(backup.path) (\(replaced))") }
        if let stale = BackupLocation.staleness(store: context.storePath) {
            context.environment.errors(
                "nudge: warning: \(stale.problem), \(BackupLocation.staleConsequence); \(stale.fix)\n")
        } else if let reason = backup.unrecordedReason {
            context.environment.errors(
                "nudge: warning: \(BackupLocation.unrecordedWarning(store: context.storePath, reason: reason))\n")
        }
    }

    /// `backed up the store to FILE (SIZE, checked: ok; COUNTS)`, and what was removed.
    private static func taken(
        _ backup: BackupFile, thinning: Thinning, leftovers: [String], restoreLeftovers: [String]
    ) -> String {
        let removed = thinning.removed
        // A backup since thinned away by one taken at the same time has no counts to give.
        let phrases = BackupDirectory.counts(backup.path, immutable: true).map {
            BackupDirectory.phrase($0.count, $0.label)
        }
        let counts = phrases.isEmpty ? "" : "; " + phrases.joined(separator: ", ")
        // The thinning keeps the newest of a day: an earlier backup of today goes, and says so.
        let thinned =
            removed.isEmpty
            ? ""
            : "; removed as the daily backups are kept (nudge(5)): "
                + removed.map { ($0.path as NSString).lastPathComponent }.joined(separator: ", ")
        // One the policy would remove that holds the only copy of rows stays, and says why.
        let held = thinning.held.map { "; \(($0.backup.path as NSString).lastPathComponent) \($0.reason)" }.joined()
        // Backups of one store taken at once: the newest is the day's, and thins this one.
        let since =
            FileManager.default.fileExists(atPath: backup.path)
            ? "" : "; a backup of this store taken at the same time has since replaced it as the day's (nudge backups)"
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
        return
            "backed up the store to \(backup.path) (\(ByteCountText.describe(backup.size)), checked: ok\(counts))\(thinned)\(held)\(since)\(cleaned)\(restoresCleaned)"
    }

    /// Extensions of documents: a backup named so would be opened as one, and show garbage.
    private static let documentExtensions: Set<String> = [
        "csv", "tsv", "txt", "md", "markdown", "html", "htm", "json", "xml", "ics", "pdf", "xlsx", "xls", "ods",
        "docx", "doc", "odt", "rtf",
    ]

    /// Refuses an `--output` that cannot be written safely (`PrivateFile.validateOutput`), one
    /// named as a document, or a file there that is not an earlier backup of this store (a
    /// person's notes): only that, or an empty file, is written over.
    private static func validate(output: String, _ context: CommandContext) throws {
        let name = (output as NSString).lastPathComponent
        let ext = (name as NSString).pathExtension.lowercased()
        if !name.hasPrefix("."), documentExtensions.contains(ext) {
            throw UsageRefusal(
                "--output '\(output)' ends in .\(ext), but a backup is a whole SQLite database; give an --output ending in .sqlite"
            )
        }
        // Databases are told apart below, in words of backups.
        try PrivateFile.validateOutput(
            output, store: context.storePath, backupDirectory: context.backupDirectory, checkingDatabases: false)
        var status = stat()
        guard lstat(output, &status) == 0, status.st_size > 0 else { return }
        guard PrivateFile.isSQLiteDatabase(output) else {
            throw UsageRefusal(
                "--output '\(output)' is a file that is not a backup (\(ReplacedFile(at: output, clock: context.wallClock)?.described ?? "")), which nudge does not write over; give a new file's path, or remove that file first"
            )
        }
        let identity = Store.identity(at: context.storePath)
        guard let identity, BackupFile.isBackup(at: output, ofIdentity: identity) else {
            throw UsageRefusal(
                "--output '\(output)' is a SQLite database that is not a backup of this store (\(BackupFile.whatItIs(at: output, besides: identity))), which nudge never writes over; give a new file's path"
            )
        }
        // A WAL left beside the file would be read with the new backup's pages.
        if FileManager.default.fileExists(atPath: output + "-wal") {
            throw UsageRefusal(
                "--output '\(output)' has a -wal file beside it, which SQLite would read with the backup; give another path"
            )
        }
    }

    /// The backup, to --output or into the backup directory, what thinning the directory removed
    /// and kept, and the temporary files of killed backups removed from it.
    private func take(_ context: CommandContext) throws -> (BackupFile, thinning: Thinning, leftovers: [String]) {
        let store = try context.openStoreForReading()
        let settings = try store.run { try $0.settings() }
        let setting = settings[BackupPolicy.directory]
        // A folder on another disk that another program spoiled would turn into STORE.backups unsaid.
        if output == nil, let spoiled = settings.ignored.first(where: { $0.key == BackupPolicy.directory }) {
            context.environment.errors("nudge: warning: \(spoiled.sentence)\n")
        }
        do {
            if let output {
                let size = try store.backUp(toFile: output, at: context.now)
                // A backup to any name in that folder killed midway left a whole copy of the
                // store there, which only a backup into it can tell and remove.
                let folder = PathText.directory(of: output)
                let leftovers = BackupDirectory.removeAbandoned(in: folder.isEmpty ? "." : folder)
                return (BackupFile(path: output, takenAt: context.now, size: size), Thinning(), leftovers)
            }
            let directory = BackupDirectory.directory(store: context.storePath, setting: setting)
            let backup = try store.backUp(into: directory, at: context.now)
            // A backup holds its store's identity; one without thins nothing.
            let leftovers = BackupDirectory.removeAbandoned(in: directory)
            guard case .store(let identity) = backup.origin else { return (backup, Thinning(), leftovers) }
            let thinning = BackupDirectory.thinning(
                directory, store: context.storePath, identity: identity, keeping: backup.path,
                clock: context.wallClock, now: context.now)
            return (backup, thinning, leftovers)
        } catch {
            throw CommandFailure(error.description, exitCode: error.exitCode)
        }
    }
}
