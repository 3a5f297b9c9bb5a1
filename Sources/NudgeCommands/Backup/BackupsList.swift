import Foundation
import NudgeCore
import NudgeReports
import NudgeStore

/// `nudge backups`: the store's backups, newest first, each checked.
public enum BackupsList {
    public static func run(json: Bool, _ context: CommandContext) throws {
        let directory = try backupDirectory(context)
        let identity = Store.identity(at: context.storePath)
        // A folder backup.directory named before (a restore may have brought back an older
        // setting) still holds the store's backups, perhaps its newest: listed with their path.
        let formerFolders = BackupDirectory.formerFolders(store: context.storePath, besides: directory)
        let former = BackupDirectory.own(in: formerFolders, now: context.now, identity: identity)
        // The folder named now cannot be read: as `restore --latest`, the listing falls back
        // to the earlier folders, and names it; with none there, it is said alone.
        let unreadable = BackupDirectory.unreadable(directory, store: context.storePath)
        if let unreadable, former.isEmpty { throw CommandFailure(unreadable, exitCode: 66) }
        let backups = checked(former: former, now: context.now) {
            unreadable == nil
                ? BackupDirectory.list(in: directory, now: context.now, identity: identity, store: context.storePath)
                : []
        }
        // No identity to compare, and several stores' backups: named apart, none "this store".
        let apart = StoresApart(directory: directory, identity: identity, now: context.now)
        try context.print(listing(backups, directory: directory, apart: apart, context), json: json)
        if let apart, !json { context.print(apart.listingLine(context.wallClock)) }
        if let unreadable {
            // restore --latest passes over a folder it cannot read, never one not there (unmounted).
            let line =
                "\(unreadable); the backups listed are in folders backup.directory named before"
                + (FileManager.default.fileExists(atPath: directory)
                    ? ", whose newest sound one restore --latest takes"
                    : ", which restore --latest passes over while that folder may hold the newest: restore one by its path")
            if json { context.environment.errors("nudge: \(line)\n") } else { context.print(line) }
        }
        printFolderNotes(
            listed: backups.map(\.0), directory: directory, formerFolders: formerFolders,
            listedFormerFolders: unreadable == nil, identity: identity, json: json, context)
    }

    /// The backups `listed` gives and `former`, newest first, each with its check. One thinned
    /// away while the others are checked is gone: it is not listed, and the folder is listed
    /// again (up to 10 times), since the backup that thinned it has put a newer one there
    /// (hostile round 28 on issue 39: checking a 240 MB backup takes seconds, and `nudge backups`
    /// printed `[]` while a backup replaced the only earlier one).
    static func checked(
        former: [BackupFile], now: Date, listed: () -> [BackupFile]
    ) -> [(BackupFile, BackupContents)] {
        var backups: [(BackupFile, BackupContents)] = []
        for _ in 1...10 {
            let found = BackupDirectory.newestFirst(listed() + former, now: now).map {
                ($0, BackupDirectory.inspect($0.path))
            }
            backups = found.filter { FileManager.default.fileExists(atPath: $0.0.path) }
            if backups.count == found.count { break }
        }
        return backups
    }

    /// What the table leaves out, after it: how many are in earlier folders, an earlier folder
    /// or a STORE.backup-location that cannot be read, and other stores' backups in the folder.
    /// Under `json`, only what cannot be read, on stderr.
    private static func printFolderNotes(
        listed backups: [BackupFile], directory: String, formerFolders: [String], listedFormerFolders: Bool,
        identity: String?, json: Bool, _ context: CommandContext
    ) {
        // Listed last, and never the newest: said why (--json has `ahead_of_clock`).
        let ahead = backups.filter { $0.isAhead(of: context.now) }
        if !json, !ahead.isEmpty {
            context.print(
                "\(ahead.count == 1 ? "the last is" : "the last \(ahead.count) are") dated ahead of the clock (taken while it was ahead, or it is behind now): the daemon backs up as if \(ahead.count == 1 ? "it were" : "they were") not there, and restore --latest takes one only when no other is sound; check the time with timedatectl"
            )
        }
        for folder in formerFolders where !json && listedFormerFolders {
            let count = backups.filter { PathText.directory(of: $0.path) == folder }.count
            guard count > 0 else { continue }
            context.print(
                "\(count == 1 ? "1 of these is" : "\(count) of these are") in \(TextInput.oneLine(folder)), which backup.directory named before; new backups go to \(directory), and nudge does not thin the earlier folder"
            )
        }
        // A folder without the newest taken into it (an unplugged disk's mount point).
        if let lacking = BackupDirectory.lacksItsNewest(directory, store: context.storePath)
            ?? BackupDirectory.unplugged(directory, store: context.storePath)
        {
            let line = "\(lacking.problem); \(lacking.fix)"
            if json { context.environment.errors("nudge: \(line)\n") } else { context.print(line) }
        }
        // So may the earlier folders a STORE.backup-location that cannot be read names.
        if let stale = BackupLocation.staleness(store: context.storePath) {
            let line = "\(stale.problem), so the earlier folders it names are not listed; \(stale.fix)"
            if json { context.environment.errors("nudge: \(line)\n") } else { context.print(line) }
        }
        // An earlier folder that cannot be read may hold the newest: said, never taken as empty.
        for (folder, reason) in BackupDirectory.unreadFormerFolders(store: context.storePath, besides: directory) {
            let line =
                "\(BackupDirectory.unreadFolderText(folder, reason)), which backup.directory named before: it may hold backups of this store; make it readable (chmod u+rwx) or mount it"
            if json { context.environment.errors("nudge: \(line)\n") } else { context.print(line) }
        }
        printOtherIdentities(
            directory: directory, formerFolders: formerFolders, identity: identity, json: json, context)
    }

    /// Another store's backups: one sharing the folder, or this store's file's under another
    /// identity, which only their path restores. Under `json`, on stderr: the rows a program
    /// reads stay this store's.
    private static func printOtherIdentities(
        directory: String, formerFolders: [String], identity: String?, json: Bool, _ context: CommandContext
    ) {
        let say = { (line: String) in
            if json { context.environment.errors("nudge: \(line)\n") } else { context.print(line) }
        }
        let others = BackupDirectory.otherIdentities(
            in: directory, formerFolders: formerFolders, store: context.storePath, identity: identity, now: context.now)
        if let newest = others.ofThisPath.first {
            let count = others.ofThisPath.count
            let folders = Set(others.ofThisPath.map { PathText.directory(of: $0.path) }).sorted()
            say(
                "\(count == 1 ? "1 backup" : "\(count) backups") of \(BackupDirectory.OtherIdentities.ofThisPathMeaning) \(count == 1 ? "is" : "are") in \(folders.map(TextInput.oneLine).joined(separator: " and ")), not listed; restore the newest by its path: \(NudgeLine.restore(newest.path, into: context.storePath))"
            )
        }
        let otherStores = others.ofOtherStores.count
        if otherStores > 0 {
            say(
                "\(otherStores) \(otherStores == 1 ? "backup of another store is" : "backups of other stores are") in \(directory) too, not listed; restore one by its path with --yes"
            )
        }
    }

    /// A backup's row for `--json`.
    private static func row(_ backup: BackupFile, _ contents: BackupContents, apart: StoresApart?, now: Date)
        -> BackupRow
    {
        BackupRow(
            path: backup.path, takenAt: backup.takenAt, size: backup.size,
            check: backup.unreadableReason.map(Self.unreadable) ?? contents.check,
            origin: apart?.name(of: backup.origin) ?? Self.origin(backup.origin),
            aheadOfClock: backup.isAhead(of: now),
            counts: Dictionary(
                uniqueKeysWithValues: contents.counts.map {
                    ($0.label.replacingOccurrences(of: " ", with: "_"), $0.count)
                }))
    }

    private static func listing(
        _ backups: [(BackupFile, BackupContents)], directory: String, apart: StoresApart?, _ context: CommandContext
    ) -> Listing<(BackupFile, BackupContents), BackupRow> {
        Listing(
            items: backups,
            row: { row($0, $1, apart: apart, now: context.now) },
            columns: [
                .init("TAKEN") { LocalFormat.dateTime($0.0.takenAt, clock: context.wallClock) },
                .init("SIZE") { ByteCountText.describe($0.0.size) },
                // Never cut (`unreadable (perm…`): what does not fit beside it folds under it.
                .init("CHECK") { backup, contents in
                    // Not damage: nudge may not open it, and cannot tell what it holds.
                    if let reason = backup.unreadableReason { return Self.unreadable(reason) }
                    // SQLite's complaint is for --json; a person reads that it is damaged.
                    let check = contents.isSound ? "ok" : "damaged"
                    if let store = apart?.name(of: backup.origin) { return "\(check); \(store)" }
                    return backup.origin == .unmarked || backup.origin == .foreign
                        ? "\(check); \(Self.origin(backup.origin))" : check
                },
                // A database that is not nudge's holds none of these: counts would read as an
                // empty backup (hostile round 25 on issue 39).
                .list("RECORDS") { backup, contents in
                    backup.origin == .foreign
                        ? ""
                        : contents.counts.map { BackupDirectory.phrase($0.count, $0.label) }.joined(separator: ", ")
                },
                // One in a folder backup.directory named before is shown with its folder.
                .init("FILE") {
                    PathText.directory(of: $0.0.path) == directory
                        ? ($0.0.path as NSString).lastPathComponent : TextInput.oneLine($0.0.path)
                },
            ],
            whenEmpty: emptyText(directory: directory, context)
        )
    }

    /// What an empty listing says: the advice to take one only where `nudge backup` would.
    private static func emptyText(directory: String, _ context: CommandContext) -> String {
        let none = "No backups in \(directory) yet."
        // The line after the table says why (an unplugged disk's mount point).
        if BackupDirectory.lacksItsNewest(directory, store: context.storePath) != nil
            || BackupDirectory.unplugged(directory, store: context.storePath) != nil
        {
            return none
        }
        if (try? Store.refuseBackup(at: context.storePath)) == nil {
            return "\(none) \(context.storePath) is itself a backup: nudge backs up stores, not backups"
        }
        return "\(none) The daemon takes one each day; take one now with: nudge backup"
    }

    /// The directory the store's settings name; a store not made yet has the default; a
    /// damaged one (also emptied or removed: `StoreFile.checkNotLost`) the one it recorded.
    private static func backupDirectory(_ context: CommandContext) throws -> String {
        do {
            let setting = try Store(readingOnly: context.storePath, now: context.now).settings()[
                BackupPolicy.directory]
            return BackupDirectory.directory(store: context.storePath, setting: setting)
        } catch .damaged(let path, let reason) {
            // Its folder and identity are in a file that cannot be read: no listing would be true.
            if Store.identityUnknowable(at: path) != nil { throw CommandFailure(.damaged(path: path, reason: reason)) }
            return BackupDirectory.directory(ofDamagedStore: context.storePath)
        } catch {
            throw CommandFailure(error)
        }
    }

    /// Whose a listed backup is, as the listing says it.
    static func origin(_ origin: BackupOrigin) -> String {
        switch origin {
        case .store: "this store"
        case .unmarked: "taken before store identities"
        case .foreign: "not a nudge backup"
        case .damaged: "unreadable"
        case .unreadable: "unknown"
        }
    }

    /// `unreadable (permission denied)`.
    static func unreadable(_ reason: String) -> String { "unreadable (\(reason.lowercased()))" }

    public struct BackupRow: Encodable {
        var path: String
        @TimestampText var takenAt: Date?
        var size: Int
        var check: String
        var origin: String
        /// Dated more than 5 minutes after now: never the newest (`BackupFile.isAhead`).
        var aheadOfClock: Bool
        var counts: [String: Int]
    }
}
